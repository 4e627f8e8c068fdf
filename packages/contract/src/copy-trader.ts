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
import { checkCopyRequest, checkFollowerStake, checkTraderConfig } from './rules.ts';

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

/** The trader side before the trader ever saved it: copying off, SPEC's defaults. */
export function defaultTraderInfo(userid: string): TraderInfo {
  return {
    copyTraderEn: false,
    signalType: 7,
    delaysig: '0',
    brokerID: 0,
    candleColor: 0,
    timeframe: 1,
    paresFilter: '',
    stakeMin: 0,
    userid,
  };
}

/**
 * An accepted follower of the caller's bot (SPEC §3 "Follower": name, id), with the expiry the
 * trader set (Unix seconds, 0 = none) that `/followerscopy` shows as 'Expira: dd/mm/yyyy'.
 */
export const FollowerSchema = z.object({
  name: z.string(),
  id: z.string(),
  expCopy: z.number().int(),
});
export type Follower = z.infer<typeof FollowerSchema>;

const RelationBody = z.object({ userid: BotIdSchema, traderid: BotIdSchema });

/** A request to follow a trader: the trader id and the follower's own name. */
export const FollowRequestSchema = z.object({
  userid: BotIdSchema,
  traderid: BotIdSchema,
  userName: z.string().trim().min(1).max(64),
});
export type FollowRequest = z.infer<typeof FollowRequestSchema>;

/** The two copy products: copy trader and MetaCopy. */
export const COPY_PRODUCTS = ['copy', 'meta'] as const;
export type CopyProduct = (typeof COPY_PRODUCTS)[number];

/** A follow request or relationship: pending until the trader answers; only accepted copies. */
export const FOLLOW_STATES = ['pending', 'accepted', 'refused'] as const;
export type FollowState = (typeof FOLLOW_STATES)[number];

/** A request to follow the caller's bot, as its trader sees it (not in SPEC §7). */
export const IncomingRequestSchema = z.object({
  /** The follower's bot id. */
  id: z.string(),
  name: z.string(),
  product: z.enum(COPY_PRODUCTS),
  /** Epoch ms. */
  requestedAt: z.number().int(),
});
export type IncomingRequest = z.infer<typeof IncomingRequestSchema>;

/** One of the caller's follows or requests, as the follower sees it (not in SPEC §7). */
export const OwnFollowSchema = z.object({
  /** The trader's bot id. */
  traderid: z.string(),
  product: z.enum(COPY_PRODUCTS),
  state: z.enum(FOLLOW_STATES),
  /** Unix seconds, 0 = none; an accepted follow past it receives nothing. */
  expCopy: z.number().int(),
  expired: z.boolean(),
  requestedAt: z.number().int(),
  decidedAt: z.number().int().nullable(),
});
export type OwnFollow = z.infer<typeof OwnFollowSchema>;

/** The trader's answer to a pending request. */
export const AnswerRequestSchema = z.object({
  /** The trader's own bot. */
  userid: BotIdSchema,
  /** The follower's bot. */
  followerid: BotIdSchema,
  product: z.enum(COPY_PRODUCTS),
  accept: z.boolean(),
});
export type AnswerRequest = z.infer<typeof AnswerRequestSchema>;

export const copyTraderEndpoints = {
  getFollowedTraders: endpoint({
    method: 'GET',
    path: '/gettraders',
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
    rules: checkFollowerStake,
    relation: {
      in: 'body',
      field: 'traderID',
      role: 'follower',
      product: 'copy',
      states: ['pending', 'accepted'],
    },
  }),
  removeFollowedTrader: endpoint({
    method: 'POST',
    path: '/traderemove',
    area: 'copy-trader',
    summary: 'Stop following a trader.',
    body: RelationBody,
    response: OkSchema,
    owner: ownerBody,
    relation: { in: 'body', field: 'traderid', role: 'follower', product: 'copy' },
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
    relation: { in: 'body', field: 'traderid', role: 'either', product: 'copy' },
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
  getIncomingRequests: endpoint({
    method: 'GET',
    path: '/followrequests',
    area: 'copy-trader',
    summary: 'Not in SPEC §7: pending requests to follow this bot, both products, oldest first.',
    query: UseridQuerySchema,
    response: z.array(IncomingRequestSchema),
    owner: ownerQuery,
  }),
  answerRequest: endpoint({
    method: 'POST',
    path: '/followrequestanswer',
    area: 'copy-trader',
    summary: 'Not in SPEC §7: the trader accepts or refuses a pending request.',
    body: AnswerRequestSchema,
    response: OkSchema,
    owner: ownerBody,
    relation: { in: 'body', field: 'followerid', role: 'trader', product: { field: 'product' } },
  }),
  getOwnFollows: endpoint({
    method: 'GET',
    path: '/myfollows',
    area: 'copy-trader',
    summary: "Not in SPEC §7: this bot's follows and requests, both products, with their state.",
    query: UseridQuerySchema,
    response: z.array(OwnFollowSchema),
    owner: ownerQuery,
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
