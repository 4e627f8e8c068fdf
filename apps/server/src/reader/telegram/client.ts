import { Api, TelegramClient, utils } from 'telegram';
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
  /**
   * gramjs's `connect()`: true once connected. When every attempt failed it resolves `false`
   * instead of throwing, and every later call on that client waits for ever (`invoke` awaits a
   * deferred only a successful connect resolves); it may also never answer at all.
   */
  connect(): Promise<boolean>;
  /**
   * Ends the client for good. gramjs 2.26's `disconnect()` only closes the connection: its update
   * loop (`_updateLoop`, `while (!client._destroyed)`) keeps pinging and reconnects. Only
   * `destroy()` sets `_destroyed`, stops the loop and drops the event handlers.
   */
  destroy(): Promise<unknown>;
  /** gramjs's `floodSleepThreshold` setter: waits up to this many seconds are slept through. */
  setFloodSleepThreshold(seconds: number): void;
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
  /**
   * Each chat's newest message id in one `messages.GetPeerDialogs` call, for the chats whose
   * peer is in gramjs's entity cache (filled by `getDialogs`); the others are left out.
   */
  newestIds(chatIds: readonly string[]): Promise<Map<string, number>>;
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

/**
 * The live reader's threshold (gramjs's default): a reader sleeps through a flood wait of up to a
 * minute rather than stop; a longer one stops the pass, which runs again once it is over.
 */
export const LIVE_FLOOD_SLEEP_SEC = 60;

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
    // A bounded number of attempts: with gramjs's Infinity, a connect() on a network that is
    // down never ends, even after destroy(). The reader reconnects a dead client itself.
    connectionRetries: 3,
    floodSleepThreshold: options.floodSleepThresholdSec ?? LIVE_FLOOD_SLEEP_SEC,
  });
  client.setLogLevel('none' as Parameters<TelegramClient['setLogLevel']>[0]);
  return {
    connect: () => client.connect(),
    destroy: () => client.destroy(),
    setFloodSleepThreshold: (seconds) => {
      client.floodSleepThreshold = seconds;
    },
    sendCode: (credentials, phone, forceSMS) => client.sendCode(credentials, phone, forceSMS),
    signInWithPassword: (credentials, params) => client.signInWithPassword(credentials, params),
    invoke: (request) => client.invoke(request),
    getDialogs: async (params) => [...(await client.getDialogs(params))],
    getMessages: async (chatId, params) => [...(await client.getMessages(chatId, params))],
    newestIds: async (chatIds) => {
      const peers: { chatId: string; peer: Api.TypeInputPeer }[] = [];
      for (const chatId of chatIds) {
        // From the entity cache only: a peer gramjs cannot resolve offline is left out.
        const peer = await client.getInputEntity(chatId).catch(() => null);
        if (peer) peers.push({ chatId, peer });
      }
      const tops = new Map<string, number>();
      if (peers.length === 0) return tops;
      const answer = await client.invoke(
        new Api.messages.GetPeerDialogs({
          peers: peers.map((p) => new Api.InputDialogPeer({ peer: p.peer })),
        }),
      );
      for (const dialog of answer.dialogs) {
        if (dialog instanceof Api.Dialog) {
          tops.set(String(utils.getPeerId(dialog.peer)), dialog.topMessage);
        }
      }
      return tops;
    },
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
