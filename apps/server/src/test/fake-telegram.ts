import { Api, errors } from 'telegram';
import { returnBigInt } from 'telegram/Helpers.js';
import type {
  ApiCredentials,
  ConnectionState,
  DialogInfo,
  MessageInfo,
  NewMessageInfo,
  TelegramClientFactory,
  TelegramClientPort,
} from '../reader/telegram/client.ts';

/** gramjs 2.26's default `floodSleepThreshold` (seconds). */
const GRAMJS_FLOOD_SLEEP_SEC = 60;

/** One account of the fake messaging app. */
export interface FakeAccount {
  code: string;
  password?: string;
  banned?: boolean;
  /** Seconds of a flood wait `sendCode` answers. */
  floodWaitSec?: number;
  /** A number with no Telegram account: the right code answers `auth.AuthorizationSignUpRequired`. */
  unoccupied?: boolean;
}

/**
 * A fake of the slice of `TelegramClient` the adapter uses, raising the package's own errors
 * (`RPCError`, `FloodWaitError`) the way the real server does; no network.
 */
export class FakeTelegram {
  readonly accounts = new Map<string, FakeAccount>();
  dialogs: DialogInfo[] = [];
  /** Sessions that signed in, and those logged out. */
  readonly authorized = new Set<string>();
  readonly loggedOut: string[] = [];
  /** Calls seen, in order (`sendCode`, `signIn`, `getDialogs`…). */
  readonly calls: string[] = [];
  private readonly pending = new Map<string, { phone: string; hash: string }>();
  private readonly handlers: ((event: NewMessageInfo) => void)[] = [];
  private readonly stateHandlers = new Set<(state: ConnectionState) => void>();
  /** Every chat's messages, as the server keeps them (GetHistory reads them). */
  readonly history = new Map<string, MessageInfo[]>();
  /** Whether the network is up: while it is down, posted messages reach no client. */
  online = true;
  /**
   * Flood waits (seconds) the next GetHistory calls answer, one per call, as Telegram does to a
   * client that reads many chats at once. Within the client's threshold gramjs sleeps and retries.
   */
  readonly historyFloodWaits: number[] = [];
  /**
   * Clients whose update loop runs, as in gramjs 2.26: `connect()` starts it; `disconnect()`
   * leaves it running (gramjs pings and reconnects until `_destroyed`); only `destroy()` stops it.
   */
  readonly updateLoops = new Set<object>();
  private sessions = 0;

  /** Flood waits the fake's clients slept through (seconds), as gramjs does below its threshold. */
  readonly slept: number[] = [];

  readonly create: TelegramClientFactory = (session, credentials, options) =>
    this.client(session, credentials, options?.floodSleepThresholdSec ?? GRAMJS_FLOOD_SLEEP_SEC);

  /** The user ends the session from another device: Telegram refuses it from then on. */
  revoke(session: string): void {
    this.authorized.delete(session);
  }

  /** A new message in a chat, as the server pushes it to every connected client. */
  emit(chatId: string, id: number, text: string): void {
    for (const handler of this.handlers) {
      handler({ chatId: returnBigInt(chatId), message: { id, message: text } });
    }
  }

  /**
   * A message posted in a chat at `atMs`: kept in the chat's history, and pushed to the
   * connected clients only while the network is up (Telegram does not replay the updates a
   * gramjs 2.26 client missed: its `catchUp()` is empty).
   */
  post(chatId: string, id: number, text: string, atMs: number): void {
    const list = this.history.get(chatId) ?? [];
    list.push({ id, message: text, date: Math.floor(atMs / 1000) });
    this.history.set(chatId, list);
    if (this.online) this.emit(chatId, id, text);
  }

  /** The network drops: every client's sender reports `disconnected`. */
  goOffline(): void {
    this.online = false;
    for (const handler of this.stateHandlers) handler('disconnected');
  }

  /** The network is back: gramjs reconnects each live client, which reports `connected`. */
  goOnline(): void {
    this.online = true;
    for (const handler of this.stateHandlers) handler('connected');
  }

  private client(
    initial: string,
    credentials: ApiCredentials,
    floodSleepThresholdSec: number,
  ): TelegramClientPort {
    let session = initial === '' ? `fake-session-${(this.sessions += 1)}` : initial;
    const fake = this as FakeTelegram;
    const request = new Api.help.GetConfig();
    const loop = {};
    const handlers: ((event: NewMessageInfo) => void)[] = [];
    const stateHandlers: ((state: ConnectionState) => void)[] = [];
    // gramjs resolves a bare chat id only from its entity cache, which listing dialogs fills
    // (a StringSession keeps no entities across restarts).
    const entities = new Set<string>();
    return {
      async connect() {
        if (credentials.apiId <= 0) throw new Error('bad api id');
        if (!fake.online) throw new Error('WebSocket connection failed');
        fake.updateLoops.add(loop);
        for (const handler of stateHandlers) handler('connected');
        return true;
      },
      async destroy() {
        fake.updateLoops.delete(loop);
        // gramjs's destroy() also drops the client's event handlers.
        for (const handler of handlers) fake.handlers.splice(fake.handlers.indexOf(handler), 1);
        handlers.length = 0;
        for (const handler of stateHandlers) fake.stateHandlers.delete(handler);
        stateHandlers.length = 0;
      },
      async sendCode(_credentials, phone) {
        fake.calls.push('sendCode');
        const account = fake.accounts.get(phone);
        if (account?.floodWaitSec) {
          // gramjs (client/users.js invoke): a wait within the threshold is slept through.
          if (account.floodWaitSec > floodSleepThresholdSec) {
            throw new errors.FloodWaitError({ request, capture: account.floodWaitSec });
          }
          fake.slept.push(account.floodWaitSec);
        }
        if (!account) throw new errors.RPCError('PHONE_NUMBER_INVALID', request, 400);
        if (account.banned) throw new errors.RPCError('PHONE_NUMBER_BANNED', request, 400);
        const hash = `hash-${session}`;
        fake.pending.set(session, { phone, hash });
        return { phoneCodeHash: hash, isCodeViaApp: true };
      },
      async invoke(req) {
        if (req instanceof Api.auth.SignIn) {
          fake.calls.push('signIn');
          const pending = fake.pending.get(session);
          const account = pending && fake.accounts.get(pending.phone);
          if (!pending || !account || req.phoneCodeHash !== pending.hash) {
            throw new errors.RPCError('PHONE_CODE_EXPIRED', req, 400);
          }
          if (req.phoneCode !== account.code)
            throw new errors.RPCError('PHONE_CODE_INVALID', req, 400);
          if (account.unoccupied) {
            return new Api.auth.AuthorizationSignUpRequired({}) as never;
          }
          if (account.password !== undefined) {
            throw new errors.RPCError('SESSION_PASSWORD_NEEDED', req, 401);
          }
          session = `${session}-authorized`;
          fake.authorized.add(session);
          return new Api.auth.Authorization({
            user: new Api.UserEmpty({ id: returnBigInt(1) }),
          }) as never;
        }
        if (req instanceof Api.updates.GetState) {
          fake.calls.push('getState');
          if (!fake.authorized.has(session))
            throw new errors.RPCError('AUTH_KEY_UNREGISTERED', req, 401);
          return new Api.updates.State({
            pts: 1,
            qts: 0,
            date: 0,
            seq: 0,
            unreadCount: 0,
          }) as never;
        }
        if (req instanceof Api.auth.LogOut) {
          fake.loggedOut.push(session);
          fake.authorized.delete(session);
          return new Api.auth.LoggedOut({}) as never;
        }
        throw new Error(`fake: unexpected ${req.className}`);
      },
      async signInWithPassword(_credentials, params) {
        fake.calls.push('password');
        const pending = fake.pending.get(session);
        const account = pending && fake.accounts.get(pending.phone);
        const password = await params.password?.();
        if (!account || password !== account.password) {
          if (await params.onError(new errors.RPCError('PASSWORD_HASH_INVALID', request, 400))) {
            throw new Error('AUTH_USER_CANCEL');
          }
        }
        session = `${session}-authorized`;
        fake.authorized.add(session);
        return new Api.UserEmpty({ id: returnBigInt(1) });
      },
      async getDialogs() {
        fake.calls.push('getDialogs');
        if (!fake.online) throw new Error('Not connected');
        if (!fake.authorized.has(session))
          throw new errors.RPCError('AUTH_KEY_UNREGISTERED', request, 401);
        return fake.dialogs.map((d) => {
          const chatId = String(d.id);
          entities.add(chatId);
          const top = (fake.history.get(chatId) ?? []).reduce((m, x) => Math.max(m, x.id), 0);
          return top > 0 ? { ...d, message: { id: top } } : d;
        });
      },
      async getMessages(chatId, { minId, limit }) {
        fake.calls.push(`getMessages:${chatId}>${minId}`);
        if (!fake.online) throw new Error('Not connected');
        if (!fake.authorized.has(session))
          throw new errors.RPCError('AUTH_KEY_UNREGISTERED', request, 401);
        if (!entities.has(chatId)) {
          throw new Error(`Could not find the input entity for ${JSON.stringify(chatId)}.`);
        }
        const wait = fake.historyFloodWaits.shift();
        if (wait !== undefined) {
          const history = new Api.messages.GetHistory({ limit, minId });
          if (wait > floodSleepThresholdSec) {
            throw new errors.FloodWaitError({ request: history, capture: wait });
          }
          // gramjs sleeps the whole wait (client/users.js), then asks again.
          fake.slept.push(wait);
          await new Promise((resolve) => setTimeout(resolve, wait * 1000));
        }
        // messages.GetHistory answers newest first; the iterator stops at minId.
        return (fake.history.get(chatId) ?? [])
          .filter((m) => m.id > minId)
          .sort((a, b) => b.id - a.id)
          .slice(0, limit);
      },
      onNewMessage(handler) {
        handlers.push(handler);
        fake.handlers.push(handler);
      },
      onConnectionState(handler) {
        stateHandlers.push(handler);
        fake.stateHandlers.add(handler);
      },
      saveSession() {
        return session;
      },
    };
  }
}

/** A channel, a group and a person, as dialogs list them. */
export function sampleDialogs(): DialogInfo[] {
  return [
    {
      id: returnBigInt('-1001234567890'),
      title: "Sinais d'Ouro",
      isChannel: true,
      isGroup: false,
      isUser: false,
    },
    {
      id: returnBigInt('-987654'),
      title: 'Grupo VIP',
      isChannel: false,
      isGroup: true,
      isUser: false,
    },
    { id: returnBigInt('4242'), title: 'Mãe', isChannel: false, isGroup: false, isUser: true },
  ];
}
