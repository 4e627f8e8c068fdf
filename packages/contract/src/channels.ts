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

/** The meanings a trader can teach a channel (packages/robot `VocabularyEntry`). */
export const VOCABULARY_MEANINGS = [
  'direction',
  'asset',
  'gales',
  'expiry',
  'noise',
  'cancel',
  'position',
] as const;
export type VocabularyMeaning = (typeof VOCABULARY_MEANINGS)[number];

/**
 * One taught entry on the wire (docs/trader.md "Teaching a channel"): `word` means `direction`
 * (CALL / PUT), `asset` (a normalised name), `gales` or `expiry` (with `value`: that count or
 * minutes; without: the label of the number after it), `noise` (ignore it), `cancel`; or a
 * `position` rule: the bare number at field `position` (1-based, negative from the end) of a
 * signal line is its `field`. Shapes and ranges are the reader's to check (`checkVocabulary`),
 * so a refusal comes back with its own reason, `vocabulary.errors.<code>`.
 */
export const VocabularyEntrySchema = z.object({
  means: z.enum(VOCABULARY_MEANINGS),
  word: z.string().max(200).optional(),
  direction: z.enum(['CALL', 'PUT']).optional(),
  asset: z.string().max(40).optional(),
  value: z.number().optional(),
  field: z.enum(['expiry', 'gales']).optional(),
  position: z.number().optional(),
});
export type VocabularyEntryWire = z.infer<typeof VocabularyEntrySchema>;

/** Entries the wire takes at most (the reader refuses more than its own limit with a reason). */
export const VOCABULARY_WIRE_MAX = 200;
export const VocabularySchema = z.array(VocabularyEntrySchema).max(VOCABULARY_WIRE_MAX);

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
  /**
   * What the trader taught the channel, in the order taught (not in SPEC: the channel's taught vocabulary). Always in
   * `GET /getgroups`; a save without it keeps the stored one.
   */
  vocabulary: VocabularySchema.optional(),
});
export type ChannelSettings = z.infer<typeof ChannelSettingsSchema>;

/**
 * Messages of a channel the reader could not account for (docs/trader.md "Teaching a channel"):
 * `unsent` came after the last chat message about one and got none (one per 10 minutes).
 */
export const ChannelDoubtsSchema = z.object({
  idNum: z.string(),
  unsent: z.number().int(),
  /** When the chat was last told. */
  notifiedAt: z.number(),
  /** The latest doubtful message: the tester opens it. */
  lastAt: z.number(),
  lastMessageId: z.number().int().nullable(),
});
export type ChannelDoubts = z.infer<typeof ChannelDoubtsSchema>;

export const VocabularyInputSchema = z.object({
  userid: BotIdSchema,
  idNum: z.string().min(1).max(64),
  vocabulary: VocabularySchema,
});
export type VocabularyInput = z.infer<typeof VocabularyInputSchema>;

/**
 * How a vocabulary changes one stored message's reading: `newlyRead` traded nothing before and
 * trades now; `changed` traded before and trades something else now (side, expiry, gales, more or
 * fewer signals); `noLongerRead` traded before and trades nothing now.
 */
export const VOCABULARY_IMPACT_KINDS = ['newlyRead', 'changed', 'noLongerRead'] as const;

/** A signal as the comparison sees it: what would be traded. */
export const ImpactSignalSchema = z.object({
  line: z.number().int(),
  asset: z.string(),
  direction: z.enum(['CALL', 'PUT']),
  time: z.string().nullable(),
  timeframeMin: z.number(),
  gales: z.number().int().nullable(),
});
export type ImpactSignal = z.infer<typeof ImpactSignalSchema>;

/** What teaching the vocabulary would change in the channel's stored messages. */
export const VocabularyImpactSchema = z.object({
  /** Stored messages of the channel looked at (the newest, at most `VOCABULARY_IMPACT_MESSAGES`). */
  messages: z.number().int(),
  newlyRead: z.number().int(),
  changed: z.number().int(),
  noLongerRead: z.number().int(),
  unchanged: z.number().int(),
  /** A few messages of each kind, newest first, with the signals before and after. */
  examples: z.array(
    z.object({
      kind: z.enum(VOCABULARY_IMPACT_KINDS),
      messageId: z.number().int(),
      receivedAt: z.number(),
      text: z.string(),
      before: z.array(ImpactSignalSchema),
      after: z.array(ImpactSignalSchema),
    }),
  ),
});
export type VocabularyImpact = z.infer<typeof VocabularyImpactSchema>;

/** The newest stored messages of a channel a taught vocabulary is tried on. */
export const VOCABULARY_IMPACT_MESSAGES = 500;

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
  saveVocabulary: endpoint({
    method: 'POST',
    path: '/channels/vocabulary',
    area: 'channels',
    summary:
      "Replaces what the trader taught one channel of the bot's own list (only its trader). A " +
      'refused entry answers 400 `vocabulary.errors.<code>` with `params.word` and saves ' +
      'nothing. Not in SPEC §7.',
    body: VocabularyInputSchema,
    response: OkSchema,
    owner: ownerBody,
  }),
  vocabularyImpact: endpoint({
    method: 'POST',
    path: '/channels/vocabulary/impact',
    area: 'channels',
    summary:
      "What a vocabulary would change in the channel's stored messages, against the card's own; " +
      'writes nothing. Same refusals as saving it. Not in SPEC §7.',
    body: VocabularyInputSchema,
    response: VocabularyImpactSchema,
    owner: ownerBody,
  }),
  getChannelDoubts: endpoint({
    method: 'GET',
    path: '/channels/doubts',
    area: 'channels',
    summary:
      "Per channel of the bot's own rooms, its doubtful messages: the latest and how many got " +
      'no chat message. Not in SPEC §7.',
    query: UseridQuerySchema,
    response: z.array(ChannelDoubtsSchema),
    owner: ownerQuery,
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
