import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { INBOX_MESSAGE_MAX_CHARS } from '@app/contract';
import type { Kysely } from 'kysely';
import { migrateToLatest } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';
import { inboxChatId } from '../reader/inbox-source.ts';
import { deliverMessage } from '../reader/messages.ts';
import { runWhenMain, withCliDatabase } from './cli-database.ts';

export const USAGE = `Posts a file's messages to a local inbox channel, as if the channel had written them.

  npm run inbox -- --channel NAME --file messages.txt [--bot USERID]

  --channel NAME   the local channel (created in the panel, through the API, or with --bot)
  --file PATH      messages separated by a blank line (a message may have several lines)
  --bot USERID     the bot that owns the channel: needed when two bots have a channel of that
                   name; the channel is created for this bot when it does not exist

Uses the configured database (DATABASE_URL, else DATA_DIR/app.db); a running server's reader
reads the messages within a second.`;

export interface InboxArgs {
  channel: string;
  file: string;
  bot: string | undefined;
}

/** Reads `--channel`, `--file` and `--bot`; `null` with `--help` or a missing value. */
export function parseInboxArgs(argv: readonly string[]): InboxArgs | null {
  const values = new Map<string, string>();
  for (let i = 0; i < argv.length; i += 1) {
    const flag = argv[i];
    if (flag === '--help' || flag === '-h') return null;
    const value = argv[i + 1];
    if (flag?.startsWith('--') && value !== undefined && !value.startsWith('--')) {
      values.set(flag.slice(2), value);
      i += 1;
    } else {
      return null;
    }
  }
  const channel = values.get('channel')?.trim();
  const file = values.get('file');
  if (!channel || !file) return null;
  return { channel, file, bot: values.get('bot') };
}

/** Blank-line-separated messages, like `npm run simulate -- --messages`. */
export function splitMessages(text: string): string[] {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((m) => m.trim())
    .filter((m) => m !== '');
}

/** Posts the messages; returns the channel's idNum and how many were posted. */
export async function postMessagesToChannel(
  db: Kysely<Database>,
  args: { channel: string; bot: string | undefined; messages: string[]; now: () => number },
): Promise<{ idNum: string; posted: number }> {
  const tooLong = args.messages.findIndex((m) => m.length > INBOX_MESSAGE_MAX_CHARS);
  if (tooLong >= 0) {
    throw new Error(`Message ${tooLong + 1} is longer than ${INBOX_MESSAGE_MAX_CHARS} characters`);
  }
  let query = db
    .selectFrom('inbox_channels')
    .innerJoin('bots', 'bots.id', 'inbox_channels.bot_id')
    .select(['inbox_channels.id', 'inbox_channels.bot_id'])
    .where('inbox_channels.name', '=', args.channel);
  if (args.bot !== undefined) query = query.where('bots.userid', '=', args.bot);
  const found = await query.execute();
  if (found.length > 1) {
    throw new Error(`Several bots have a channel named "${args.channel}": pass --bot USERID`);
  }
  let channel = found[0];
  if (!channel) {
    if (args.bot === undefined) {
      throw new Error(`No local channel named "${args.channel}" (pass --bot USERID to create it)`);
    }
    const bot = await db
      .selectFrom('bots')
      .select('id')
      .where('userid', '=', args.bot)
      .executeTakeFirst();
    if (!bot) throw new Error(`No bot ${args.bot}`);
    const created = await db
      .insertInto('inbox_channels')
      .values({ bot_id: bot.id, name: args.channel, created_at: args.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    channel = { id: created.id, bot_id: bot.id };
  }
  const idNum = inboxChatId(channel.id);
  for (const text of args.messages) {
    await deliverMessage(db, {
      botId: channel.bot_id,
      channelId: idNum,
      sourceId: null,
      text,
      receivedAtMs: args.now(),
    });
  }
  return { idNum, posted: args.messages.length };
}

async function main(): Promise<number> {
  const args = parseInboxArgs(process.argv.slice(2));
  if (!args) {
    console.log(USAGE);
    return process.argv.includes('--help') || process.argv.includes('-h') ? 0 : 2;
  }
  const messages = splitMessages(readFileSync(resolve(args.file), 'utf8'));
  return withCliDatabase(
    () => null,
    async (database) => {
      await migrateToLatest(database);
      const { idNum, posted } = await postMessagesToChannel(database.db, {
        channel: args.channel,
        bot: args.bot,
        messages,
        now: Date.now,
      });
      console.log(`Posted ${posted} message(s) to "${args.channel}" (${idNum}).`);
      return 0;
    },
  );
}

await runWhenMain(import.meta.url, main);
