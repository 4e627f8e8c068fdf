import { z } from 'zod';
import { BotIdSchema, OkSchema, UseridQuerySchema } from './common.ts';
import { endpoint, ownerBody, ownerQuery } from './endpoint.ts';

/** Longest message a local channel accepts (a busy channel's list of signals fits). */
export const INBOX_MESSAGE_MAX_CHARS = 8000;

/**
 * A local inbox channel (DESIGN §7.1): a channel that lives in this server, owned by one bot,
 * fed from the panel, the API or a file (`npm run inbox`). Its `idNum` (`inbox-<n>`) is what the
 * chat list, the channel cards and the signals call it.
 */
export const InboxChannelSchema = z.object({
  idNum: z.string(),
  name: z.string(),
  /** Unix ms. */
  createdAt: z.number().int(),
  messageCount: z.number().int(),
});
export type InboxChannel = z.infer<typeof InboxChannelSchema>;

export const NewInboxChannelSchema = z.object({
  userid: BotIdSchema,
  name: z
    .string()
    .trim()
    .min(1, 'inbox.errors.nameRequired')
    .max(64, 'inbox.errors.nameTooLong')
    .transform((s) => s.replace(/'/g, '')),
});
export type NewInboxChannel = z.infer<typeof NewInboxChannelSchema>;

export const InboxPostSchema = z.object({
  userid: BotIdSchema,
  idNum: z.string().min(1).max(64),
  text: z
    .string()
    .refine((s) => s.trim() !== '', 'inbox.errors.textRequired')
    .refine((s) => s.length <= INBOX_MESSAGE_MAX_CHARS, 'inbox.errors.textTooLong'),
});
export type InboxPost = z.infer<typeof InboxPostSchema>;

export const inboxEndpoints = {
  listInboxChannels: endpoint({
    method: 'GET',
    path: '/inbox/channels',
    area: 'inbox',
    summary: "The bot's local inbox channels. Not in SPEC §7 (local message source).",
    query: UseridQuerySchema,
    response: z.array(InboxChannelSchema),
    owner: ownerQuery,
  }),
  createInboxChannel: endpoint({
    method: 'POST',
    path: '/inbox/channels',
    area: 'inbox',
    summary:
      'Create a local inbox channel (409 inbox.errors.nameTaken for a name the bot already has). ' +
      'It appears in the chat list; save the list to have the reader follow it.',
    body: NewInboxChannelSchema,
    response: InboxChannelSchema,
    owner: ownerBody,
  }),
  removeInboxChannel: endpoint({
    method: 'POST',
    path: '/inbox/remove',
    area: 'inbox',
    summary:
      'Remove a local channel with its messages, its place in the chat list and its card ' +
      '(signals already read stay).',
    body: z.object({ userid: BotIdSchema, idNum: z.string().min(1).max(64) }),
    response: OkSchema,
    owner: ownerBody,
  }),
  postInboxMessage: endpoint({
    method: 'POST',
    path: '/inbox/post',
    area: 'inbox',
    summary:
      'Post a message to a local channel, as if the channel had written it; the reader reads it ' +
      'at once (its signals appear in GET /signals).',
    body: InboxPostSchema,
    response: z.object({ messageId: z.number().int() }),
    owner: ownerBody,
  }),
};
