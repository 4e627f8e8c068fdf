import { defaultReaderParams, type ReaderParams } from '@app/contract';
import type { Selectable } from 'kysely';
import type { ReaderParamsTable } from '../../db/schema.ts';
import { botIdOf } from '../../lib/owned-bot.ts';
import type { AppDeps } from '../../plugins/context.ts';
import { findReaderParams, saveReaderParams } from './reader-params.repository.ts';

// Clock columns were written from ClockTimeSchema values ('' or HH:MM), hence the casts.
type Clock = ReaderParams['hourStart'];

function toWire(row: Selectable<ReaderParamsTable>): ReaderParams {
  return {
    timerzone: row.timerzone,
    maxtrades: row.maxtrades,
    hourStart: row.hour_start as Clock,
    hourEnd: row.hour_end as Clock,
    hourStart2: row.hour_start2 as Clock,
    hourEnd2: row.hour_end2 as Clock,
    hourStart3: row.hour_start3 as Clock,
    hourEnd3: row.hour_end3 as Clock,
    hourReset: row.hour_reset as Clock,
    hourClearScore: row.hour_clear_score as Clock,
  };
}

export async function readReaderParams(deps: AppDeps, userid: string): Promise<ReaderParams> {
  return readReaderParamsOf(deps, await botIdOf(deps, userid));
}

/** The reader params of a bot by its database id (the runtime has it already). */
export async function readReaderParamsOf(
  deps: Pick<AppDeps, 'db'>,
  botId: number,
): Promise<ReaderParams> {
  const row = await findReaderParams(deps.db, botId);
  return row ? toWire(row) : defaultReaderParams();
}

export async function writeReaderParams(
  deps: AppDeps,
  userid: string,
  params: ReaderParams,
): Promise<void> {
  await saveReaderParams(deps.db, await botIdOf(deps, userid), params, deps.now());
}
