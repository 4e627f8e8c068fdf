import { z } from 'zod';
import { BOT_COMMAND_CODES } from './enums.ts';
import { BotIdSchema, OkSchema, oneOf, UseridQuerySchema } from './common.ts';
import { endpoint, ownerBody, ownerQuery } from './endpoint.ts';
import { checkBotCommand, checkCreateBot } from './rules.ts';

/** A bot of the account (SPEC §3 "Bot"); botexp in Unix seconds, ≤ 0 = no expiry. */
export const BotSchema = z.object({
  email: z.string(),
  userid: z.string(),
  botexp: z.number().int(),
  virtual: z.boolean(),
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

export const BotCommandSchema = z.object({ userid: BotIdSchema, botCmd: oneOf(BOT_COMMAND_CODES) });
export type BotCommand = z.infer<typeof BotCommandSchema>;

/** A queued bot command as the panel lists it under the form. */
export const BotCommandEntrySchema = z.object({
  id: z.number().int(),
  botCmd: z.number().int(),
  /** When it was queued, Unix epoch milliseconds. */
  createdAt: z.number().int(),
  status: z.enum(['queued', 'done', 'failed']),
  reply: z.string().nullable(),
});
export type BotCommandEntry = z.infer<typeof BotCommandEntrySchema>;

export const botsEndpoints = {
  getBots: endpoint({
    method: 'GET',
    path: '/getbots',
    area: 'bots',
    summary: 'The bots of the account that owns userid.',
    query: UseridQuerySchema,
    response: z.array(BotSchema),
    owner: ownerQuery,
  }),
  addBot: endpoint({
    method: 'POST',
    path: '/addnewbot',
    area: 'bots',
    summary: 'Create a bot (messaging-app or virtual).',
    body: NewBotSchema,
    response: OkSchema,
    owner: ownerBody,
    rules: checkCreateBot,
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
