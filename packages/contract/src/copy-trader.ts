import { z } from 'zod';
import {
  CANDLE_COLORS,
  FOLLOWER_COPY_BROKER_OPTIONS,
  FOLLOWER_COPY_SIGNAL_TYPES,
  FOLLOWER_LOTE_TYPES,
  TRADER_BROKER_OPTIONS,
  TRADER_CONFIG_SIGNAL_TYPES,
} from './enums.ts';
import {
  BotIdSchema,
  NonNegative,
  NonNegativeInt,
  OkSchema,
  oneOf,
  UseridQuerySchema,
} from './common.ts';
import { endpoint, ownerBody, ownerQuery } from './endpoint.ts';
import { checkCopyRequest, checkTraderConfig } from './rules.ts';

/** A follower's settings for one followed trader (SPEC §3 "Trader save"). */
export const TraderFollowSchema = z.object({
  traderEna: z.boolean(),
  acptdemo: z.boolean(),
  traderID: BotIdSchema,
  maxTrades: NonNegativeInt.max(10_000),
  signalType: oneOf(FOLLOWER_COPY_SIGNAL_TYPES),
  delaysig: z.number().finite().min(-60).max(3600),
  brokerID: oneOf(FOLLOWER_COPY_BROKER_OPTIONS),
  /** 0 = no bound. */
  minStake: NonNegative,
  /** 0 = no bound. */
  maxStake: NonNegative,
  lote: NonNegative,
  loteType: oneOf(FOLLOWER_LOTE_TYPES),
  userid: BotIdSchema,
});
export type TraderFollow = z.infer<typeof TraderFollowSchema>;

/** The trader side of copy trading (SPEC §3 "Trader info"). */
export const TraderInfoSchema = z.object({
  copyTraderEn: z.boolean(),
  signalType: oneOf(TRADER_CONFIG_SIGNAL_TYPES),
  /** Text: with signal type 9 it must carry a decimal comma (e.g. "1,5"). */
  delaysig: z.string().max(16),
  brokerID: oneOf(TRADER_BROKER_OPTIONS),
  candleColor: oneOf(CANDLE_COLORS),
  timeframe: NonNegative.max(1440),
  paresFilter: z.string().max(2000),
  stakeMin: NonNegative,
  userid: BotIdSchema,
});
export type TraderInfo = z.infer<typeof TraderInfoSchema>;

/** A follower of the caller's bot (SPEC §3 "Follower"). */
export const FollowerSchema = z.object({ name: z.string(), id: z.string() });
export type Follower = z.infer<typeof FollowerSchema>;

const RelationBody = z.object({ userid: BotIdSchema, traderid: BotIdSchema });

/** A request to follow a trader: the trader id and the follower's own name. */
export const FollowRequestSchema = z.object({
  userid: BotIdSchema,
  traderid: BotIdSchema,
  userName: z.string().trim().min(1).max(64),
});
export type FollowRequest = z.infer<typeof FollowRequestSchema>;

export const copyTraderEndpoints = {
  getFollowedTraders: endpoint({
    method: 'GET',
    path: '/gettraderdata',
    area: 'copy-trader',
    summary: 'The traders this bot follows, with its settings for each.',
    query: UseridQuerySchema,
    response: z.array(TraderFollowSchema),
    owner: ownerQuery,
  }),
  saveFollowedTrader: endpoint({
    method: 'POST',
    path: '/tradersave',
    area: 'copy-trader',
    summary: "Save this bot's settings for one followed trader.",
    body: TraderFollowSchema,
    response: OkSchema,
    owner: ownerBody,
  }),
  removeFollowedTrader: endpoint({
    method: 'POST',
    path: '/traderemove',
    area: 'copy-trader',
    summary: 'Stop following a trader.',
    body: RelationBody,
    response: OkSchema,
    owner: ownerBody,
  }),
  getFollowers: endpoint({
    method: 'GET',
    path: '/getfollowers',
    area: 'copy-trader',
    summary: "The followers of this bot's trader id.",
    query: UseridQuerySchema,
    response: z.array(FollowerSchema),
    owner: ownerQuery,
  }),
  removeFollower: endpoint({
    method: 'POST',
    path: '/followremove',
    area: 'copy-trader',
    summary: 'Remove a follow (the caller must be the follower or the trader).',
    body: RelationBody,
    response: OkSchema,
    owner: ownerBody,
  }),
  getTraderInfo: endpoint({
    method: 'GET',
    path: '/gettraderinfo',
    area: 'copy-trader',
    summary: "The trader side of this bot's copy trading.",
    query: UseridQuerySchema,
    response: TraderInfoSchema,
    owner: ownerQuery,
  }),
  saveTraderInfo: endpoint({
    method: 'POST',
    path: '/savetraderinfo',
    area: 'copy-trader',
    summary: "Save the trader side of this bot's copy trading.",
    body: TraderInfoSchema,
    response: OkSchema,
    owner: ownerBody,
    rules: checkTraderConfig,
  }),
  requestCopy: endpoint({
    method: 'POST',
    path: '/copytradereq',
    area: 'copy-trader',
    summary: 'Ask to follow a trader.',
    body: FollowRequestSchema,
    response: OkSchema,
    owner: ownerBody,
    rules: checkCopyRequest,
  }),
};
