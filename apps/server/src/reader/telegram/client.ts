import { Api, TelegramClient } from 'telegram';
import type { ApiCredentials } from 'telegram/client/auth.js';
import { NewMessage, type NewMessageEvent } from 'telegram/events/NewMessage.js';
import { Raw } from 'telegram/events/Raw.js';
import { UpdateConnectionState } from 'telegram/network/index.js';
import { StringSession } from 'telegram/sessions/StringSession.js';
import type { Dialog } from 'telegram/tl/custom/dialog.js';

export { Api };
export type { ApiCredentials };

/** The part of a dialog the adapter reads (`message`: the chat's newest message). */
export type DialogInfo = Pick<Dialog, 'id' | 'title' | 'isChannel' | 'isGroup' | 'isUser'> & {
  message?: Pick<Api.Message, 'id'> | undefined;
};

/** The part of a chat's message the adapter reads (`date`: Unix seconds of its posting). */
export type MessageInfo = Pick<Api.Message, 'id' | 'message' | 'date'>;

/**
 * The connection's state as gramjs reports it: its MTProto sender dispatches `connected` after
 * every successful connect, the first and each automatic reconnection, and `disconnected` or
 * `broken` when the connection drops.
 */
export type ConnectionState = 'connected' | 'disconnected' | 'broken';

/** The part of a new-message event the adapter reads. */
export interface NewMessageInfo {
  chatId: NewMessageEvent['chatId'];
  message: Pick<NewMessageEvent['message'], 'id' | 'message'>;
}

/**
 * The slice of the `telegram` package's `TelegramClient` the adapter uses, with the package's own
 * types; tests implement it with a fake, production wraps the real client (`createTelegramClient`).
 */
export interface TelegramClientPort {
  connect(): Promise<unknown>;
  /**
   * Ends the client for good. gramjs 2.26's `disconnect()` only closes the connection: its update
   * loop (`_updateLoop`, `while (!client._destroyed)`) keeps pinging and reconnects. Only
   * `destroy()` sets `_destroyed`, stops the loop and drops the event handlers.
   */
  destroy(): Promise<unknown>;
  sendCode: TelegramClient['sendCode'];
  signInWithPassword: TelegramClient['signInWithPassword'];
  invoke<R extends Api.AnyRequest>(request: R): Promise<R['__response']>;
  /** Also fills gramjs's entity cache: a chat id is only resolvable after its dialog was listed. */
  getDialogs(params: { limit?: number }): Promise<DialogInfo[]>;
  /**
   * gramjs's `getMessages(chat, { minId, limit })`: the newest `limit` messages with an id above
   * `minId`, newest first (GetHistory; a flood wait above the threshold throws FloodWaitError).
   */
  getMessages(chatId: string, params: { minId: number; limit: number }): Promise<MessageInfo[]>;
  onNewMessage(handler: (event: NewMessageInfo) => void): void;
  onConnectionState(handler: (state: ConnectionState) => void): void;
  /** The MTProto session string (an auth key: a secret). */
  saveSession(): string;
}

/**
 * gramjs sleeps silently through a flood wait of up to `floodSleepThreshold` seconds (60 by
 * default) and retries. A person waiting on /addphone or /authcode should instead be told the
 * wait at once (429 with the seconds), so interactive clients sleep through short waits only.
 */
export const INTERACTIVE_FLOOD_SLEEP_SEC = 3;

export interface TelegramClientOptions {
  /** Flood waits up to this many seconds are slept through; longer ones throw FloodWaitError. */
  floodSleepThresholdSec?: number;
}

/** Builds a client on a session string ('' for a new one). */
export type TelegramClientFactory = (
  session: string,
  credentials: ApiCredentials,
  options?: TelegramClientOptions,
) => TelegramClientPort;

/** The real client over the network (MTProto). */
export const createTelegramClient: TelegramClientFactory = (
  session,
  { apiId, apiHash },
  options = {},
) => {
  const client = new TelegramClient(new StringSession(session), apiId, apiHash, {
    connectionRetries: 3,
    ...(options.floodSleepThresholdSec === undefined
      ? {}
      : { floodSleepThreshold: options.floodSleepThresholdSec }),
  });
  client.setLogLevel('none' as Parameters<TelegramClient['setLogLevel']>[0]);
  return {
    connect: () => client.connect(),
    destroy: () => client.destroy(),
    sendCode: (credentials, phone, forceSMS) => client.sendCode(credentials, phone, forceSMS),
    signInWithPassword: (credentials, params) => client.signInWithPassword(credentials, params),
    invoke: (request) => client.invoke(request),
    getDialogs: async (params) => [...(await client.getDialogs(params))],
    getMessages: async (chatId, params) => [...(await client.getMessages(chatId, params))],
    onNewMessage: (handler) => client.addEventHandler(handler, new NewMessage({})),
    onConnectionState: (handler) =>
      client.addEventHandler(
        (update: UpdateConnectionState) =>
          handler(
            update.state === UpdateConnectionState.connected
              ? 'connected'
              : update.state === UpdateConnectionState.broken
                ? 'broken'
                : 'disconnected',
          ),
        new Raw({ types: [UpdateConnectionState] }),
      ),
    saveSession: () => String(client.session.save()),
  };
};
