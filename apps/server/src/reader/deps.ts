import type { Kysely } from 'kysely';
import type { DialectName } from '../db/dialect.ts';
import type { Database } from '../db/schema.ts';
import type { Secrets } from '../lib/secrets.ts';
import type { MessageSource } from './message-source.ts';
import type { TelegramSource } from './telegram/telegram-source.ts';

/**
 * What the reader needs: plain values, not the Fastify instance, so the same code can run in a
 * worker process on the shared database.
 */
export interface ReaderDeps {
  db: Kysely<Database>;
  dialect: DialectName;
  now: () => number;
  secrets: Secrets;
  /** The local inbox, always there. */
  inbox: MessageSource;
  /** The messaging-app source, when TELEGRAM_API_ID/HASH are configured. */
  telegram: TelegramSource | null;
  /**
   * The partitions of room owners this reader holds (`owner % 64`, robot/partitions.ts); absent
   * or null: every room (the one-process runtime).
   */
  partitions?: () => readonly number[] | null;
  /** Told about a bot whose reading failed (the others go on). Name and message only. */
  onError?: (err: unknown, context: Record<string, unknown>) => void;
}
