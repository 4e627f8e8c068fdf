import { z } from 'zod';
import { BotIdSchema } from './common.ts';
import { endpoint, ownerQuery } from './endpoint.ts';

/** The periods of a channel's record: today, the last 7 or 30 days, everything read. */
export const RECORD_PERIODS = ['today', '7d', '30d', 'all'] as const;
export type RecordPeriod = (typeof RECORD_PERIODS)[number];

export const ChannelRecordQuerySchema = z.object({
  userid: BotIdSchema,
  /** The chat id of a channel the bot follows (its card's `idNum`). */
  channel: z.string().min(1).max(200),
  period: z.enum(RECORD_PERIODS).default('30d'),
});

const TallySchema = z.object({
  wins: z.number().int(),
  losses: z.number().int(),
  draws: z.number().int(),
  /** wins / (wins + losses), percent with one decimal; NULL before any. */
  hitRatePct: z.number().nullable(),
});

/**
 * A channel's verified record (docs/trader.md "A channel's record"): its signals scored against
 * the market at the robot's own entry and gale instants, beside what the channel's result posts
 * claimed, over a period.
 */
export const ChannelRecordSchema = z.object({
  channel: z.string(),
  name: z.string().nullable(),
  period: z.enum(RECORD_PERIODS),
  /** The market sources the record is scored with; empty: none configured (all "no data"). */
  marketSources: z.array(z.string()),
  signals: z.number().int(),
  verified: TallySchema.extend({
    /** Wins at the entry (index 0), at G1 (1)… */
    winsByStep: z.array(z.number().int()),
    /** Signals with no market price at one of their instants (OTC, closed market). */
    noData: z.number().int(),
    /** Signals whose market data is not in yet ("pending market data"). */
    pending: z.number().int(),
  }),
  claimed: TallySchema.extend({
    winsByStep: z.array(z.number().int()),
    /** Signals no result post was matched to. */
    unclaimed: z.number().int(),
  }),
  /** Signals the channel reported as a win and the market lost, or the reverse. */
  disagreements: z.number().int(),
  byHour: z.array(TallySchema.extend({ hour: z.number().int() })),
  byAsset: z.array(TallySchema.extend({ asset: z.string(), noData: z.number().int() })),
  /** Signals that reached the robot after their entry (refused too late). */
  late: z.number().int(),
  /** Messages with a signal the parser could not read (no asset, no direction, no time…). */
  unreadable: z.number().int(),
  /** The channel's own scoreboard posts ("placar 12x3"), oldest first. */
  scoreboards: z.array(z.object({ wins: z.number().int(), losses: z.number().int() })),
});
export type ChannelRecord = z.infer<typeof ChannelRecordSchema>;

export const channelRecordsEndpoints = {
  channelRecord: endpoint({
    method: 'GET',
    path: '/channels/record',
    area: 'channel-records',
    summary:
      "A followed channel's verified record against the market and its claimed results. Not in SPEC §7.",
    query: ChannelRecordQuerySchema,
    response: ChannelRecordSchema,
    owner: ownerQuery,
  }),
};
