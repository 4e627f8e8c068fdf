// A throw-away PostgreSQL database for a case: on DATABASE_URL's server, or the loopback one
// (127.0.0.1:5432); null when none answers, and the case measures SQLite only.
import pg from 'pg';

export async function postgresUrl(
  prefix: string,
): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = new pg.Client({ connectionString: base, connectionTimeoutMillis: 2_000 });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}
