import { z } from 'zod';
import {
  BotIdSchema,
  ClockTimeSchema,
  NonNegativeInt,
  OkSchema,
  UseridQuerySchema,
} from './common.ts';
import { endpoint, ownerBody, ownerQuery } from './endpoint.ts';
import { checkReaderParams } from './rules.ts';

/** Reader params (SPEC §3): time zone in hours from UTC, order limit, three windows, two clock times. */
export const ReaderParamsSchema = z.object({
  timerzone: z.number().min(-12).max(14),
  maxtrades: NonNegativeInt.max(10_000),
  hourStart: ClockTimeSchema,
  hourEnd: ClockTimeSchema,
  hourStart2: ClockTimeSchema,
  hourEnd2: ClockTimeSchema,
  hourStart3: ClockTimeSchema,
  hourEnd3: ClockTimeSchema,
  hourReset: ClockTimeSchema,
  hourClearScore: ClockTimeSchema,
});
export type ReaderParams = z.infer<typeof ReaderParamsSchema>;

/**
 * Reader params of a bot with nothing saved: Brasília time (UTC−3, where SPEC's traders are), no
 * order limit (0 = unlimited, as the robot reads maxtrades) and no windows or clock times set.
 */
export function defaultReaderParams(): ReaderParams {
  return {
    timerzone: -3,
    maxtrades: 0,
    hourStart: '',
    hourEnd: '',
    hourStart2: '',
    hourEnd2: '',
    hourStart3: '',
    hourEnd3: '',
    hourReset: '',
    hourClearScore: '',
  };
}

const UseridBody = z.object({ userid: BotIdSchema });

export const readerParamsEndpoints = {
  getReaderParams: endpoint({
    method: 'GET',
    path: '/readerparams',
    area: 'reader-params',
    summary: "The signal reader's params of a bot.",
    query: UseridQuerySchema,
    response: ReaderParamsSchema,
    owner: ownerQuery,
  }),
  saveReaderParams: endpoint({
    method: 'POST',
    path: '/readerparams',
    area: 'reader-params',
    summary: "Save the signal reader's params of a bot.",
    query: UseridQuerySchema,
    body: ReaderParamsSchema,
    response: OkSchema,
    owner: ownerQuery,
    rules: checkReaderParams,
  }),
  resetReader: endpoint({
    method: 'POST',
    path: '/readerreset',
    area: 'reader-params',
    summary: "Reset the bot's signal reader.",
    body: UseridBody,
    response: OkSchema,
    owner: ownerBody,
  }),
  deleteReader: endpoint({
    method: 'POST',
    path: '/readerdelete',
    area: 'reader-params',
    summary: "Delete the bot's signal reader (its messaging-app session).",
    body: UseridBody,
    response: OkSchema,
    owner: ownerBody,
  }),
};
