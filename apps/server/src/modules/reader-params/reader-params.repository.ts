import type { ReaderParams } from '@app/contract';
import type { Kysely, Selectable } from 'kysely';
import type { Database, ReaderParamsTable } from '../../db/schema.ts';

export function findReaderParams(
  db: Kysely<Database>,
  botId: number,
): Promise<Selectable<ReaderParamsTable> | undefined> {
  return db.selectFrom('reader_params').selectAll().where('bot_id', '=', botId).executeTakeFirst();
}

export async function saveReaderParams(
  db: Kysely<Database>,
  botId: number,
  p: ReaderParams,
  now: number,
): Promise<void> {
  const columns = {
    timerzone: p.timerzone,
    maxtrades: p.maxtrades,
    hour_start: p.hourStart,
    hour_end: p.hourEnd,
    hour_start2: p.hourStart2,
    hour_end2: p.hourEnd2,
    hour_start3: p.hourStart3,
    hour_end3: p.hourEnd3,
    hour_reset: p.hourReset,
    hour_clear_score: p.hourClearScore,
    updated_at: now,
  };
  await db
    .insertInto('reader_params')
    .values({ bot_id: botId, ...columns })
    .onConflict((oc) => oc.column('bot_id').doUpdateSet(columns))
    .execute();
}
