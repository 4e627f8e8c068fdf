import type { RobotMessage } from '@app/contract';
import type { Kysely } from 'kysely';
import { toDbJson } from '../db/dialect.ts';
import type { ActivityTable, Database } from '../db/schema.ts';

/** Appends one line to a bot's activity feed (inside the transaction that did the thing). */
export async function appendActivity(
  db: Kysely<Database>,
  item: {
    botId: number;
    at: number;
    kind: ActivityTable['kind'];
    message: RobotMessage;
    signalId?: number | null;
    orderId?: number | null;
  },
): Promise<void> {
  await db
    .insertInto('activity')
    .values({
      bot_id: item.botId,
      at: item.at,
      kind: item.kind,
      signal_id: item.signalId ?? null,
      order_id: item.orderId ?? null,
      message: toDbJson(item.message),
    })
    .execute();
}
