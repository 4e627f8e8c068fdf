import { z } from 'zod';
import { META_FOLLOWER_BROKER_OPTIONS, META_SIGNAL_TYPES, TRADER_BROKER_OPTIONS } from './enums.ts';
import {
  BotIdSchema,
  NonNegative,
  NonNegativeInt,
  OkSchema,
  oneOf,
  UseridQuerySchema,
  UseridTraderQuerySchema,
} from './common.ts';
import { endpoint, ownerBody, ownerQuery } from './endpoint.ts';
import { checkCopyRequest, checkFollowerStake } from './rules.ts';
import { COPY_PRODUCTS, FollowRequestSchema } from './copy-trader.ts';

/** A MetaCopy trader record (SPEC §3 "Meta trader record"), one card of `/tradermetaconfig`. */
export const MetaTraderRecordSchema = z.object({
  traderid: z.string().max(20),
  traderEna: z.boolean(),
  maxTrades: NonNegativeInt.max(10_000),
  signalType: oneOf(META_SIGNAL_TYPES),
  delaysig: z.number().finite().min(-60).max(3600),
  brokerID: oneOf(TRADER_BROKER_OPTIONS),
  anticipation: z.number().finite().min(0).max(60),
  userid: BotIdSchema,
});
export type MetaTraderRecord = z.infer<typeof MetaTraderRecordSchema>;

/** A follower's MetaCopy settings for one trader (SPEC §3 "Meta follower setting"). */
export const MetaFollowSettingSchema = z.object({
  traderEna: z.boolean(),
  /** SPEC: "sent as traderid in one save". */
  traderid: BotIdSchema,
  maxTrades: NonNegativeInt.max(10_000),
  signalType: oneOf(META_SIGNAL_TYPES),
  delaysig: z.number().finite().min(-60).max(3600),
  brokerID: oneOf(META_FOLLOWER_BROKER_OPTIONS),
  anticipation: z.number().finite().min(0).max(60),
  lote: NonNegative,
  userid: BotIdSchema,
});
export type MetaFollowSetting = z.infer<typeof MetaFollowSettingSchema>;

/** A MetaCopy follower seen by its trader (SPEC §3); expCopy in Unix seconds, ≤ 0 = undefined. */
export const MetaFollowerSchema = z.object({
  id: z.string(),
  name: z.string(),
  expCopy: z.number().int(),
});
export type MetaFollower = z.infer<typeof MetaFollowerSchema>;

export const metaCopyEndpoints = {
  getMetaRecords: endpoint({
    method: 'GET',
    path: '/getmetadata',
    area: 'meta-copy',
    summary: "This bot's MetaCopy trader records.",
    query: UseridQuerySchema,
    response: z.array(MetaTraderRecordSchema),
    owner: ownerQuery,
  }),
  saveMetaRecord: endpoint({
    method: 'POST',
    path: '/savemetadata',
    area: 'meta-copy',
    summary: 'Save one MetaCopy trader record.',
    body: MetaTraderRecordSchema,
    response: OkSchema,
    owner: ownerBody,
  }),
  removeMetaRecord: endpoint({
    method: 'POST',
    path: '/removemetadata',
    area: 'meta-copy',
    summary:
      'The follower ends its MetaCopy follow of `traderid` (the Remove of a `/configmetafollower` ' +
      'card); trader records have no remove in SPEC.',
    body: z.object({ userid: BotIdSchema, traderid: BotIdSchema }),
    response: OkSchema,
    owner: ownerBody,
    relation: { in: 'body', field: 'traderid', role: 'follower', product: 'meta' },
  }),
  getMetaFollowers: endpoint({
    method: 'GET',
    path: '/getmetafollow',
    area: 'meta-copy',
    summary: "The MetaCopy followers of this bot's trader id.",
    query: UseridQuerySchema,
    response: z.array(MetaFollowerSchema),
    owner: ownerQuery,
  }),
  getMetaInfo: endpoint({
    method: 'GET',
    path: '/getmetainfo',
    area: 'meta-copy',
    summary: 'One MetaCopy follower (traderid = the follower) with its expiry.',
    query: UseridTraderQuerySchema.extend({ product: z.enum(COPY_PRODUCTS).optional() }),
    response: z.object({ userid: z.string(), expCopy: z.number().int() }),
    owner: ownerQuery,
    relation: {
      in: 'query',
      field: 'traderid',
      role: 'trader',
      product: { field: 'product', default: 'meta' },
      states: ['accepted'],
    },
  }),
  updateExpiry: endpoint({
    method: 'POST',
    path: '/updateexpcopy',
    area: 'meta-copy',
    summary:
      "Set a follower's expiry (userid = the trader's bot, traderid = the follower; 0 clears it). " +
      'Both follower lists use it: `product` names the relationship, absent = every product.',
    body: z.object({
      userid: BotIdSchema,
      traderid: BotIdSchema,
      expCopy: z.number().int().min(0),
      product: z.enum(COPY_PRODUCTS).optional(),
    }),
    response: OkSchema,
    owner: ownerBody,
    relation: {
      in: 'body',
      field: 'traderid',
      role: 'trader',
      product: { field: 'product' },
      states: ['accepted'],
    },
  }),
  removeMetaFollower: endpoint({
    method: 'POST',
    path: '/removemetafol',
    area: 'meta-copy',
    summary:
      'The trader removes its MetaCopy follower `traderid` (`/followerslist`); userName is ' +
      "the card's name, not an identity, and is not checked.",
    body: z.object({ userid: BotIdSchema, traderid: BotIdSchema, userName: z.string().max(64) }),
    response: OkSchema,
    owner: ownerBody,
    relation: { in: 'body', field: 'traderid', role: 'trader', product: 'meta' },
  }),
  getMetaFollowSettings: endpoint({
    method: 'GET',
    path: '/gettraderdata',
    area: 'meta-copy',
    summary: "This bot's MetaCopy settings for each trader it follows.",
    query: UseridQuerySchema,
    response: z.array(MetaFollowSettingSchema),
    owner: ownerQuery,
  }),
  saveMetaFollowSetting: endpoint({
    method: 'POST',
    path: '/savetraderdata',
    area: 'meta-copy',
    summary: "Save this bot's MetaCopy settings for one trader.",
    body: MetaFollowSettingSchema,
    response: OkSchema,
    owner: ownerBody,
    rules: checkFollowerStake,
    relation: {
      in: 'body',
      field: 'traderid',
      role: 'follower',
      product: 'meta',
      states: ['pending', 'accepted'],
    },
  }),
  requestMeta: endpoint({
    method: 'POST',
    path: '/metaidreq',
    area: 'meta-copy',
    summary: "Ask to follow a trader's MetaCopy.",
    body: FollowRequestSchema,
    response: OkSchema,
    owner: ownerBody,
    rules: checkCopyRequest,
  }),
};
