// `npm run migrate`: the one migrator. Applies this build's pending migrations to the database of
// DATABASE_URL (or DATA_DIR's SQLite file) and prints each; `--status` only prints where the schema
// stands; `--to <name>` migrates up or down to that migration (the rollback before starting an
// older build). Workers never migrate: they refuse a schema that is not exactly theirs.
import { migrateTo, migrateToLatest, schemaState, type SchemaState } from '../db/connect.ts';
import { runWhenMain, withCliDatabase } from './cli-database.ts';

export const USAGE = `Usage: npm run migrate [-- --status | --to <migration>]
  (no option)     apply every pending migration of this build
  --status        print the applied, pending and unknown migrations; change nothing
  --to <name>     migrate up or down to <name> (down: undo the later ones, newest first)`;

export type MigrateCommand =
  { kind: 'latest' } | { kind: 'status' } | { kind: 'to'; name: string } | { kind: 'usage' };

export function parseMigrateArgs(argv: readonly string[]): MigrateCommand {
  if (argv.length === 0) return { kind: 'latest' };
  if (argv.length === 1 && argv[0] === '--status') return { kind: 'status' };
  if (argv.length === 2 && argv[0] === '--to' && argv[1]) return { kind: 'to', name: argv[1] };
  return { kind: 'usage' };
}

export function describeState(state: SchemaState): string {
  const lines = [`current: ${state.current ?? '(empty database)'}`];
  lines.push(`pending: ${state.pending.length ? state.pending.join(', ') : 'none'}`);
  if (state.unknown.length > 0) {
    lines.push(`unknown (applied by a newer build): ${state.unknown.join(', ')}`);
  }
  return lines.join('\n');
}

async function main(): Promise<number> {
  const command = parseMigrateArgs(process.argv.slice(2));
  if (command.kind === 'usage') {
    console.log(USAGE);
    return process.argv.includes('--help') ? 0 : 2;
  }
  return withCliDatabase(
    () => null,
    async (database) => {
      const done =
        command.kind === 'status'
          ? []
          : command.kind === 'to'
            ? await migrateTo(database, command.name)
            : await migrateToLatest(database);
      for (const line of done) console.log(line);
      if (command.kind !== 'status' && done.length === 0) console.log('nothing to migrate');
      console.log(describeState(await schemaState(database)));
      return 0;
    },
  );
}

await runWhenMain(import.meta.url, main);
