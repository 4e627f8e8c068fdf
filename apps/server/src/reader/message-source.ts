import type { BotRef } from './copy-rooms.ts';

/** A chat a source offers a bot. */
export interface SourceChat {
  chatId: string;
  name: string;
}

/**
 * Where channel messages come from (DESIGN §7.1). A source hands every message of a bot's rooms
 * to the reader by writing it to `reader_messages` (see `deliverMessage`); the reader reads them
 * from there, so a message the source handed over survives a restart.
 */
export interface MessageSource {
  readonly kind: 'inbox' | 'telegram';
  /** The chats the source offers the bot (the room owner). */
  listChats(bot: BotRef): Promise<SourceChat[]>;
  /** Re-reads the chats from the source and reconnects (reader reset, `/updatechatlist`). */
  refresh(bot: BotRef): Promise<void>;
  /** Forgets the bot's account on this source: session and secrets (reader delete). */
  forget(bot: BotRef): Promise<void>;
  /** Stops every connection (app close). */
  close(): Promise<void>;
}
