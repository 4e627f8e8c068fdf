import { z } from 'zod';
import { VocabularySchema } from './channels.ts';
import { BotIdSchema } from './common.ts';
import { endpoint, ownerBody, ownerQuery } from './endpoint.ts';
import { INBOX_MESSAGE_MAX_CHARS } from './inbox.ts';
import { RobotMessageSchema } from './robot-message.ts';

/**
 * What the robot did with one read line for one bot (docs/trader.md "The truth in every view"):
 * `pending` (waiting for its entry time), `sent` (the order went to the broker), `refused` (with
 * its reason, a `robot.refusal.<reason>` key), `cancelled` (a later post cancelled it), `missed`
 * (its time passed before it could be sent). The tester adds a preview for a line no bot has yet:
 * `wouldTrade`, or `wouldRefuse` with the reason that holds the bot back now.
 */
export const SIGNAL_OUTCOMES = [
  'pending',
  'sent',
  'refused',
  'cancelled',
  'missed',
  'wouldTrade',
  'wouldRefuse',
] as const;
export type SignalOutcomeState = (typeof SIGNAL_OUTCOMES)[number];

/** One bot's outcome of a read line, with the gales that bot's plan gives it (`signalPlan`). */
export const SignalOutcomeSchema = z.object({
  /** The bot's user id (the account may follow the channel with several bots). */
  userid: z.string(),
  state: z.enum(SIGNAL_OUTCOMES),
  /** Why it was (or would be) refused: a `robot.refusal.<reason>` message, as the feed says it. */
  reason: RobotMessageSchema.nullable(),
  /** Gales that bot's ladder places for it; `null` for a line that is not a signal. */
  gales: z.number().int().nullable(),
});
export type SignalOutcome = z.infer<typeof SignalOutcomeSchema>;

/**
 * One line of a channel message as the reader read it (ROBOT.md §8, DESIGN §7.1): a signal, or a
 * rejection with its `reason` (packages/robot `RejectionReason`: `too_late`, `result_post`,
 * `no_asset`…; the panel translates it as `signals.reasons.<reason>`). Instants are Unix ms;
 * clock times are `HH:MM`.
 */
export const SignalReadSchema = z.object({
  /** 1-based line of the message; `null` when the rejection is about the whole message. */
  line: z.number().int().nullable(),
  status: z.enum(['accepted', 'rejected']),
  reason: z.string().nullable(),
  asset: z.string().nullable(),
  direction: z.enum(['CALL', 'PUT']).nullable(),
  /** The time as the channel wrote it (the channel's clock); `null` for an immediate signal. */
  signalTime: z.string().nullable(),
  /** When the order would be sent (entry timing of the card's signal type, delay applied). */
  entryAt: z.number().nullable(),
  /** `entryAt` on the trader's clock (reader params' time zone). */
  entryTime: z.string().nullable(),
  /** When the first order would expire. */
  expiresAt: z.number().nullable(),
  /** `expiresAt` on the trader's clock. */
  expiryTime: z.string().nullable(),
  timeframeMin: z.number().nullable(),
  /**
   * Gales the bot's ladder places for this signal (`signalPlan`): the message's count, else the
   * card's `galenum`, applied to the bot's strategy (docs/trader.md "One plan per signal").
   */
  gales: z.number().int().nullable(),
  /** What the robot did (or, in the tester, would do) with the line, per bot of the account. */
  outcomes: z.array(SignalOutcomeSchema),
});
export type SignalRead = z.infer<typeof SignalReadSchema>;

/** A row of the `signals` table as the panel lists it: a read line plus its stamps. */
export const SignalEntrySchema = SignalReadSchema.extend({
  id: z.number().int(),
  /** The channel card's `idNum`. */
  channelId: z.string(),
  /** The channel's name when known (chat list or local channel). */
  channelName: z.string().nullable(),
  /** Entry-timing type 4–9 (the card's 1–6 mapped). */
  signalType: z.number().int().nullable(),
  delayMs: z.number().int().nullable(),
  receivedAt: z.number(),
  parsedAt: z.number(),
  /** Stamped by the trading runtime; `null` while undecided. */
  decidedAt: z.number().nullable(),
  decision: z.enum(['traded', 'refused']).nullable(),
  decisionReason: z.string().nullable(),
});
export type SignalEntry = z.infer<typeof SignalEntrySchema>;

export const SignalTestInputSchema = z.object({
  userid: BotIdSchema,
  /** The channel whose card settings read the message. */
  idNum: z.string().min(1).max(64),
  text: z
    .string()
    .refine((s) => s.trim() !== '', 'signals.errors.textRequired')
    .refine((s) => s.length <= INBOX_MESSAGE_MAX_CHARS, 'signals.errors.textTooLong'),
  /** A vocabulary to read with instead of the card's (the tester tries a word before it is taught). */
  vocabulary: VocabularySchema.optional(),
});
export type SignalTestInput = z.infer<typeof SignalTestInputSchema>;

/** Why a token was not understood (packages/robot `DoubtReason`). */
export const DOUBT_REASONS = [
  'unexplainedNumber',
  'unexplainedWord',
  'labelWithoutValue',
  'contradiction',
] as const;

/** A token of the message the reader could not account for: `text === message.slice(start, end)`. */
export const DoubtTokenSchema = z.object({
  text: z.string(),
  start: z.number().int(),
  end: z.number().int(),
  line: z.number().int(),
  reason: z.enum(DOUBT_REASONS),
});
export type DoubtToken = z.infer<typeof DoubtTokenSchema>;

/** What the tester answers: the reader's verdict per line, and the stake it would use now. */
export const SignalTestResultSchema = z.object({
  lines: z.array(SignalReadSchema),
  /** The first order's stake the bot would use now, integer cents of its broker's currency. */
  stakeCents: z.number().int().nullable(),
  /** The broker the stake is for (the card's, else the bot's current broker). */
  brokerid: z.number().int(),
  /** The trader's clock (reader params' time zone, hours from UTC) used for `entryTime`. */
  traderTimezone: z.number(),
  /** Whether the channel's card is enabled: a disabled card's signals are read but not traded. */
  channelEnabled: z.boolean(),
  /** The tokens not understood, in message order: the tester highlights them. */
  doubtful: z.array(DoubtTokenSchema),
});
export type SignalTestResult = z.infer<typeof SignalTestResultSchema>;

/** How many signals `GET /signals` answers at most. */
export const SIGNALS_LIST_MAX = 200;

export const SignalsListQuerySchema = z.object({
  userid: BotIdSchema,
  /** Only this channel; absent = every channel of the bot. */
  idNum: z.string().min(1).max(64).optional(),
  limit: z.coerce.number().int().min(1).max(SIGNALS_LIST_MAX).default(50),
});

/** A stored channel message, for the tester to read again (the doubt's "tap to teach" link). */
export const ChannelMessageQuerySchema = z.object({
  userid: BotIdSchema,
  id: z.coerce.number().int().min(1),
});

export const ChannelMessageSchema = z.object({
  id: z.number().int(),
  /** The channel card's `idNum`. */
  idNum: z.string(),
  text: z.string(),
  receivedAt: z.number(),
});
export type ChannelMessage = z.infer<typeof ChannelMessageSchema>;

export const signalsEndpoints = {
  testSignal: endpoint({
    method: 'POST',
    path: '/signals/test',
    area: 'signals',
    summary:
      "Signal tester: reads a message with a channel card's settings through the reader's own " +
      'code and answers per line the signal or the rejection reason, plus the stake; writes ' +
      'nothing. 404 channels.errors.unknownChannel for a channel without a card. Not in SPEC §7.',
    body: SignalTestInputSchema,
    response: SignalTestResultSchema,
    owner: ownerBody,
  }),
  listSignals: endpoint({
    method: 'GET',
    path: '/signals',
    area: 'signals',
    summary: "The bot's latest signals, newest first (accepted and rejected). Not in SPEC §7.",
    query: SignalsListQuerySchema,
    response: z.array(SignalEntrySchema),
    owner: ownerQuery,
  }),
  getChannelMessage: endpoint({
    method: 'GET',
    path: '/signals/message',
    area: 'signals',
    summary:
      'One stored message of a channel the bot reads (its own rooms or the rooms it copies), for ' +
      'the tester: the chat\'s "tap to teach" link names it by id. 404 errors.notFound for ' +
      'any other id, so an id says nothing about whose it is. Not in SPEC §7.',
    query: ChannelMessageQuerySchema,
    response: ChannelMessageSchema,
    owner: ownerQuery,
  }),
};
