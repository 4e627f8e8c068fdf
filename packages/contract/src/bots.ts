import { z } from 'zod';
import { RobotMessageSchema } from './robot-message.ts';
import { BOT_COMMAND_CODES } from './enums.ts';
import { BotIdSchema, OkSchema, oneOf, UseridQuerySchema } from './common.ts';
import { endpoint, ownerBody, ownerQuery } from './endpoint.ts';
import { checkBotCommand, checkCreateBot } from './rules.ts';
import { virtualBotIdCandidates } from './bot-ids.ts';

/** A bot of the account (SPEC §3 "Bot"); botexp in Unix seconds, ≤ 0 = no expiry. */
export const BotSchema = z.object({
  email: z.string(),
  userid: z.string(),
  botexp: z.number().int(),
  virtual: z.boolean(),
  /**
   * False while a messaging-app bot's id is not proven by the code sent to it: the bot can be
   * configured but does not trade. Virtual bots are always verified.
   */
  verified: z.boolean(),
  /**
   * True while `botexp` is the free trial a new bot gets (no paid purchase has covered the bot
   * yet); absent or false otherwise.
   */
  trial: z.boolean().optional(),
  /**
   * When the id's own Telegram chat took the id back from this account (epoch ms): the bot is
   * pending again and this is why. Absent otherwise.
   */
  takenBackAt: z.number().int().optional(),
});
export type Bot = z.infer<typeof BotSchema>;

/** Create a bot: a messaging-app bot (botid entered) or a virtual one derived from userid. */
export const NewBotSchema = z.object({
  userid: BotIdSchema,
  botid: BotIdSchema,
  virtual: z.boolean(),
  email: z.string().max(254).optional(),
});
export type NewBot = z.infer<typeof NewBotSchema>;

export {
  isMessagingUserId,
  isVirtualBotIdOf,
  MESSAGING_ID_LIMIT,
  virtualBotIdCandidates,
} from './bot-ids.ts';

/**
 * The id the panel proposes for a new virtual bot from `sourceId`: the first candidate not in
 * `taken` (ids the panel knows are used), or null when all 9 are.
 */
export function nextVirtualBotId(sourceId: string, taken: Iterable<string>): string | null {
  const used = new Set(taken);
  return virtualBotIdCandidates(sourceId).find((id) => !used.has(id)) ?? null;
}

/** Why a bot may not be removed, or null when it may. */
export type BotRemoveRefusal = 'paidExpiry' | 'lastBot';

/**
 * The remove rule shared by the panel (button state) and the server (409): a messaging-app bot
 * with a paid expiry ahead keeps its subscription (a free trial is not paid: it may go), and an
 * account keeps at least one bot. `nowSec` is Unix seconds, like `botexp`.
 */
export function botRemoveRefusal(
  bot: Pick<Bot, 'virtual' | 'botexp' | 'trial'>,
  accountBotCount: number,
  nowSec: number,
): BotRemoveRefusal | null {
  if (!bot.virtual && bot.trial !== true && bot.botexp > nowSec) return 'paidExpiry';
  if (accountBotCount <= 1) return 'lastBot';
  return null;
}

/** The code the robot's messaging bot sent to a pending bot's id: six digits. */
export const VerifyBotSchema = z.object({
  userid: BotIdSchema,
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'bots.errors.badCode'),
});
export type VerifyBot = z.infer<typeof VerifyBotSchema>;

export const BotCommandSchema = z.object({ userid: BotIdSchema, botCmd: oneOf(BOT_COMMAND_CODES) });
export type BotCommand = z.infer<typeof BotCommandSchema>;

/** A queued bot command as the panel lists it under the form. */
export const BotCommandEntrySchema = z.object({
  id: z.number().int(),
  botCmd: z.number().int(),
  /** When it was queued, Unix epoch milliseconds. */
  createdAt: z.number().int(),
  status: z.enum(['queued', 'done', 'failed']),
  /** The robot's answer once settled (`null` while queued). */
  reply: RobotMessageSchema.nullable(),
});
export type BotCommandEntry = z.infer<typeof BotCommandEntrySchema>;

export const botsEndpoints = {
  getBots: endpoint({
    method: 'GET',
    path: '/getbots',
    area: 'bots',
    summary:
      "The session account's bots. An account whose only claim another proved has none, so the owner is the session.",
    query: UseridQuerySchema,
    response: z.array(BotSchema),
    owner: 'session',
  }),
  addBot: endpoint({
    method: 'POST',
    path: '/addnewbot',
    area: 'bots',
    summary:
      "Create a bot (messaging-app or virtual) in the session's account, also one left with no bot.",
    body: NewBotSchema,
    response: OkSchema,
    owner: 'session',
    rules: checkCreateBot,
    // Each claim sends a code to someone's chat: rated per address like logins.
    credential: true,
  }),
  removeBot: endpoint({
    method: 'GET',
    path: '/botremove',
    area: 'bots',
    summary: 'Remove a bot (kept as GET for compatibility; session and Origin still required).',
    query: UseridQuerySchema,
    response: OkSchema,
    owner: ownerQuery,
  }),
  verifyBot: endpoint({
    method: 'POST',
    path: '/verifybot',
    area: 'bots',
    summary: 'Confirm a pending messaging-app bot with the code sent to its id. Not in SPEC §7.',
    body: VerifyBotSchema,
    response: OkSchema,
    owner: ownerBody,
  }),
  resendBotCode: endpoint({
    method: 'POST',
    path: '/resendbotcode',
    area: 'bots',
    summary: 'Send a pending bot a new code (once a minute). Not in SPEC §7.',
    body: UseridQuerySchema,
    response: OkSchema,
    owner: ownerBody,
  }),
  sendBotCommand: endpoint({
    method: 'POST',
    path: '/sendbotcmd',
    area: 'bot-commands',
    summary: 'Queue a command (botCmd 1–16) for the robot.',
    body: BotCommandSchema,
    response: OkSchema,
    owner: ownerBody,
    rules: checkBotCommand,
  }),
  listBotCommands: endpoint({
    method: 'GET',
    path: '/botcommands',
    area: 'bot-commands',
    summary: "The bot's recent commands with their status. Not in SPEC §7: the form lists them.",
    query: UseridQuerySchema,
    response: z.array(BotCommandEntrySchema),
    owner: ownerQuery,
  }),
};
