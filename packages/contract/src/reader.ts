import { z } from 'zod';
import { UseridQuerySchema } from './common.ts';
import { endpoint, ownerQuery } from './endpoint.ts';

/** A reset or delete of the reader (`POST /readerreset`, `/readerdelete`) and how it went. */
export const ReaderRequestEntrySchema = z.object({
  id: z.number().int(),
  action: z.enum(['reset', 'delete']),
  status: z.enum(['queued', 'done', 'failed']),
  /** Unix ms. */
  createdAt: z.number(),
  /** When the reader carried it out; `null` while queued. */
  settledAt: z.number().nullable(),
});
export type ReaderRequestEntry = z.infer<typeof ReaderRequestEntrySchema>;

/** The signal reader of one bot, as the copy signals menu shows it. */
export const ReaderStatusSchema = z.object({
  /** Where its messages come from: the local inbox, or a connected messaging account. */
  source: z.enum(['inbox', 'telegram']),
  /** Whether this server can connect a messaging account (TELEGRAM_API_ID/HASH set). */
  telegramAvailable: z.boolean(),
  /** A messaging account is signed in for this bot. */
  connected: z.boolean(),
  /** The connected phone, masked (`+55•••••8888`); `null` when none. */
  phone: z.string().nullable(),
  /** The bot whose rooms (chat list and cards) this bot reads: itself, or the copied trader. */
  roomsOf: z.string(),
  /** Chats the reader follows. */
  chats: z.number().int(),
  /** Last message the reader took in, Unix ms; `null` when none yet. */
  lastMessageAt: z.number().nullable(),
  /** The latest reset / delete requests, newest first. */
  requests: z.array(ReaderRequestEntrySchema),
});
export type ReaderStatus = z.infer<typeof ReaderStatusSchema>;

export const readerEndpoints = {
  getReaderStatus: endpoint({
    method: 'GET',
    path: '/reader/status',
    area: 'reader',
    summary:
      "The bot's signal reader: source, connection, followed chats and the state of the last " +
      'reset / delete requests. Not in SPEC §7.',
    query: UseridQuerySchema,
    response: ReaderStatusSchema,
    owner: ownerQuery,
  }),
};
