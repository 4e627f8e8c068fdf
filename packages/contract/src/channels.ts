import { z } from 'zod';
import { CHANNEL_SIGNAL_TYPES, CHANNEL_STRATEGIES, OPER_TYPES } from './enums.ts';
import {
  BotIdSchema,
  BrokerIdSchema,
  NonNegative,
  NonNegativeInt,
  OkSchema,
  oneOf,
  UseridQuerySchema,
  UseridTraderQuerySchema,
} from './common.ts';
import { endpoint, ownerBody, ownerQuery } from './endpoint.ts';
import { checkChannelCard, checkCopyRooms } from './rules.ts';

/**
 * A chat offered by the bot's message source (SPEC §3 "Chat list", received): the local inbox's
 * channels (`chid` `inbox-<n>`) and, when a messaging account is connected, its dialogs.
 * `selected`: already in the saved chat list (the reader follows it). Not in SPEC: the grid needs
 * it to show the saved choice.
 */
export const ChatSchema = z.object({
  chid: z.string(),
  chname: z.string(),
  selected: z.boolean(),
  source: z.enum(['inbox', 'telegram']),
});
export type Chat = z.infer<typeof ChatSchema>;

/** A chat chosen for the chat list (sent); the name loses its apostrophes. */
export const ChatChoiceSchema = z.object({
  name: z
    .string()
    .max(256)
    .transform((s) => s.replace(/'/g, '')),
  idNum: z.string().min(1).max(64),
  userid: BotIdSchema,
});
export type ChatChoice = z.infer<typeof ChatChoiceSchema>;

/** One channel/group settings card (SPEC §3). */
export const ChannelSettingsSchema = z.object({
  chanEnable: z.boolean(),
  lote: NonNegative,
  galenum: NonNegativeInt.max(10),
  galefat: NonNegative.max(100),
  idNum: z.string().min(1).max(64),
  /** Display only; the card is identified by idNum. */
  name: z.string().max(256).optional(),
  wordfilter: z.string().max(1000),
  /** Seconds; SPEC's rule wants it above 0; a decimal comma is accepted by the robot. */
  delaysig: z.number().finite(),
  signaltype: oneOf(CHANNEL_SIGNAL_TYPES),
  operType: oneOf(OPER_TYPES),
  brokerid: BrokerIdSchema,
  ignore: z.string().max(1000),
  timeframe: NonNegative.max(1440),
  timezone: z.number().min(-12).max(14),
  strategySel: oneOf(CHANNEL_STRATEGIES),
  traderid: z.string().max(20),
  send2Trader: z.boolean(),
  tolarance: z.string().max(16),
  inverter: z.boolean(),
  botID: z.string().max(20),
  userid: BotIdSchema,
});
export type ChannelSettings = z.infer<typeof ChannelSettingsSchema>;

export const channelsEndpoints = {
  getChatList: endpoint({
    method: 'GET',
    path: '/getchatlist',
    area: 'channels',
    summary: "The chats of the bot's messaging account.",
    query: UseridTraderQuerySchema,
    response: z.array(ChatSchema),
    owner: ownerQuery,
  }),
  saveChatList: endpoint({
    method: 'POST',
    path: '/savelist',
    area: 'channels',
    summary: 'Save the chosen chats.',
    query: UseridQuerySchema,
    body: z.array(ChatChoiceSchema).max(500),
    response: OkSchema,
    owner: ownerQuery,
  }),
  updateChatList: endpoint({
    method: 'POST',
    path: '/updatechatlist',
    area: 'channels',
    summary: 'Refresh the chat list from the messaging account.',
    body: z.object({ userid: BotIdSchema }),
    response: OkSchema,
    owner: ownerBody,
  }),
  getGroups: endpoint({
    method: 'GET',
    path: '/getgroups',
    area: 'channels',
    summary: "The bot's channels with their settings.",
    query: UseridTraderQuerySchema,
    response: z.array(ChannelSettingsSchema),
    owner: ownerQuery,
  }),
  saveGroup: endpoint({
    method: 'POST',
    path: '/savegroup',
    area: 'channels',
    summary: "Save one channel's settings.",
    body: ChannelSettingsSchema,
    response: OkSchema,
    owner: ownerBody,
    rules: checkChannelCard,
  }),
  removeChannel: endpoint({
    method: 'POST',
    path: '/chanremove',
    area: 'channels',
    summary: 'Remove a channel.',
    body: z.object({
      userid: BotIdSchema,
      traderid: z.string().max(20),
      idNum: z.string().min(1).max(64),
    }),
    response: OkSchema,
    owner: ownerBody,
  }),
  copyRooms: endpoint({
    method: 'POST',
    path: '/copyid',
    area: 'channels',
    summary: "Copy a trader's rooms: set the trader id whose channels this bot follows.",
    body: z.object({ userid: BotIdSchema, traderid: BotIdSchema }),
    response: OkSchema,
    owner: ownerBody,
    rules: checkCopyRooms,
  }),
  addPhone: endpoint({
    method: 'POST',
    path: '/addphone',
    area: 'phone',
    summary:
      'Step 1 of connecting the messaging account: the phone number; the app sends a code. ' +
      '409 phone.errors.notConfigured without TELEGRAM_API_ID/HASH; flood wait answers 429 ' +
      'phone.errors.floodWait with params.seconds; phone.errors.banned, phone.errors.invalid.',
    body: z.object({
      userid: BotIdSchema,
      phone: z
        .string()
        .trim()
        .regex(/^\+?\d{8,15}$/, 'phone.errors.invalid'),
    }),
    response: OkSchema,
    owner: ownerBody,
  }),
  authCode: endpoint({
    method: 'POST',
    path: '/authcode',
    area: 'phone',
    summary:
      'Step 2: the code the messaging app sent, and the account password if it has one. ' +
      'Errors: phone.errors.codeInvalid, codeExpired, passwordRequired, passwordInvalid, ' +
      'floodWait (429, params.seconds), noPendingCode (409).',
    body: z.object({
      userid: BotIdSchema,
      code: z
        .string()
        .trim()
        .regex(/^\d{3,10}$/, 'phone.errors.code'),
      password: z.string().max(256),
    }),
    response: OkSchema,
    owner: ownerBody,
  }),
};
