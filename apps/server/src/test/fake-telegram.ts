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
/** gramjs 2.26's update loop pings every 9 s (`client/updates.js` PING_INTERVAL). */
export const GRAMJS_PING_INTERVAL_MS = 9_000;
/**
 * How long a client that lost its connection keeps trying to get it back before it gives up for
 * good: its sender's `reconnect()` waits 1 s, then `connect()` makes `connectionRetries` (the
 * reader's 3) attempts 1 s apart (`network/MTProtoSender.js`). A reconnection that failed leaves
 * `_userConnected` false, so later pings never call `reconnect()` again: the client is dead.
 */
export const GRAMJS_RECONNECT_GIVE_UP_MS = 4_000;

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
 * How an account's `connect()` goes when its network is cut while the rest is up:
 * `false` as gramjs resolves it when every attempt failed, `hang` for one that never answers (an
 * unreachable address that drops packets: no attempt ends).
 */
export type ConnectFailure = 'false' | 'hang';

/** A promise that never settles, as gramjs's calls on a client whose connection never opened. */
function forever<T>(): Promise<T> {
  return new Promise<T>(() => undefined);
}

/**
 * A fake of the slice of `TelegramClient` the adapter uses, behaving as gramjs 2.26 does
 * (read from its source: `client/updates.js`, `client/users.js`, `network/MTProtoSender.js`):
 *
 * - `connect()` resolves `false` when the network is down (gramjs tries `connectionRetries` times,
 *   then gives up without throwing); the update loop starts anyway, and every later call waits
 *   for ever (`invoke` awaits a `_connectedDeferred` only a successful connect resolves).
 * - A connected client's update loop pings every 9 s and, from the second ping on, dispatches
 *   `connected` after each one (its "wake-up" branch: the interval between pongs is always above
 *   5 s), on a healthy connection, not only after a reconnection.
 * - A drop dispatches `disconnected`; when the network is back within gramjs's reconnection
 *   attempts the client dispatches `connected`, else it is dead for good (no more state, calls
 *   hang) until destroyed.
 * - Flood waits within the client's threshold are slept through; longer ones throw
 *   `FloodWaitError` (`client/users.js` invoke), for `getDialogs`, `getMessages` and `sendCode`.
 */
export class FakeTelegram {
  readonly accounts = new Map<string, FakeAccount>();
  dialogs: DialogInfo[] = [];
  /** Sessions that signed in, and those logged out. */
  readonly authorized = new Set<string>();
  readonly loggedOut: string[] = [];
  /** Calls seen, in order (`sendCode`, `signIn`, `getDialogs`…). */
  readonly calls: string[] = [];
  /** Calls that will never answer (their client's connection never opened, or died). */
  hung = 0;
  private readonly pending = new Map<string, { phone: string; hash: string }>();
  /** The phone behind each signed-in session (per-account failures). */
  private readonly phoneOf = new Map<string, string>();
  private readonly handlers: ((event: NewMessageInfo) => void)[] = [];
  private readonly clients = new Set<FakeClientState>();
  /** Every chat's messages, as the server keeps them (GetHistory reads them). */
  readonly history = new Map<string, MessageInfo[]>();
  /** Whether the network is up: while it is down, posted messages reach no client. */
  online = true;
  /** Accounts (by phone) whose connection cannot open while the rest of the network is up. */
  readonly connectFailures = new Map<string, ConnectFailure>();
  /** Whether `connect()` never answers while the network is down (else it resolves false). */
  offlineConnectHangs = false;
  /**
   * Flood waits (seconds) the next GetHistory calls answer, one per call, as Telegram does to a
   * client that reads many chats at once. Within the client's threshold gramjs sleeps and retries.
   */
  readonly historyFloodWaits: number[] = [];
  /** Flood waits (seconds) the next GetDialogs calls answer, one per call. */
  readonly dialogsFloodWaits: number[] = [];
  /**
   * Clients whose update loop runs, as in gramjs 2.26: `connect()` starts it (even one that
   * returned false); `disconnect()` leaves it running; only `destroy()` stops it.
   */
  readonly updateLoops = new Set<object>();
  /** How many `connected` events the keep-alives dispatched (gramjs does at each healthy ping). */
  keepAliveConnected = 0;
  private sessions = 0;

  /** Flood waits the fake's clients slept through (seconds), as gramjs does below its threshold. */
  readonly slept: number[] = [];

  readonly create: TelegramClientFactory = (session, credentials, options) =>
    this.client(session, credentials, options?.floodSleepThresholdSec ?? GRAMJS_FLOOD_SLEEP_SEC);

  /** The user ends the session from another device: Telegram refuses it from then on. */
  revoke(session: string): void {
    this.authorized.delete(session);
  }

  /** The session the account of this phone signed in with. */
  sessionOf(phone: string): string | undefined {
    return [...this.phoneOf].find(([, p]) => p === phone)?.[0];
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
    this.postUnpushed(chatId, id, text, atMs);
    if (this.online) this.emit(chatId, id, text);
  }

  /**
   * A message Telegram keeps but never pushes (a channel's update lost while connected: gramjs
   * 2.26 has no getDifference to notice the gap).
   */
  postUnpushed(chatId: string, id: number, text: string, atMs: number): void {
    const list = this.history.get(chatId) ?? [];
    list.push({ id, message: text, date: Math.floor(atMs / 1000) });
    this.history.set(chatId, list);
  }

  /**
   * The network drops: every connected client's sender reports `disconnected` and tries to get
   * its connection back; a client still offline after {@link GRAMJS_RECONNECT_GIVE_UP_MS} gives up.
   */
  goOffline(): void {
    this.online = false;
    for (const c of this.clients) {
      if (c.phase !== 'connected') continue;
      c.phase = 'reconnecting';
      c.state('disconnected');
      c.giveUp = setTimeout(() => {
        if (c.phase === 'reconnecting') c.phase = 'dead';
      }, GRAMJS_RECONNECT_GIVE_UP_MS);
      c.giveUp.unref?.();
    }
  }

  /** The network is back: each client still reconnecting gets through and reports `connected`. */
  goOnline(): void {
    this.online = true;
    for (const c of this.clients) {
      if (c.phase !== 'reconnecting') continue;
      if (c.giveUp) clearTimeout(c.giveUp);
      c.phase = 'connected';
      c.state('connected');
    }
  }

  private client(
    initial: string,
    credentials: ApiCredentials,
    initialThresholdSec: number,
  ): TelegramClientPort {
    let session = initial === '' ? `fake-session-${(this.sessions += 1)}` : initial;
    let floodSleepThresholdSec = initialThresholdSec;
    const fake = this as FakeTelegram;
    const request = new Api.help.GetConfig();
    const handlers: ((event: NewMessageInfo) => void)[] = [];
    const stateHandlers: ((state: ConnectionState) => void)[] = [];
    // gramjs resolves a bare chat id only from its entity cache, which listing dialogs fills
    // (a StringSession keeps no entities across restarts).
    const entities = new Set<string>();
    const c: FakeClientState = {
      phase: 'new',
      giveUp: null,
      ping: null,
      state: (s) => {
        for (const handler of stateHandlers) handler(s);
      },
    };
    /** What every call does first: on a connection that never opened or died, it never answers. */
    const ready = async (): Promise<void> => {
      if (c.phase === 'failed' || c.phase === 'dead' || c.phase === 'destroyed') {
        fake.hung += 1;
        await forever<void>();
      }
    };
    /** The update loop's keep-alive (gramjs `_updateLoop`): `connected` from the second ping on. */
    const startUpdateLoop = () => {
      fake.updateLoops.add(c);
      let pings = 0;
      const tick = () => {
        if (c.phase === 'destroyed') return;
        if (c.phase === 'connected') {
          pings += 1;
          if (pings >= 2) {
            fake.keepAliveConnected += 1;
            c.state('connected');
          }
        } else {
          pings = 0;
        }
        c.ping = setTimeout(tick, GRAMJS_PING_INTERVAL_MS);
        c.ping.unref?.();
      };
      c.ping = setTimeout(tick, GRAMJS_PING_INTERVAL_MS);
      c.ping.unref?.();
    };
    /** gramjs's invoke: a flood wait within the threshold is slept through, a longer one thrown. */
    const floodWait = async (waits: number[], req: Api.AnyRequest): Promise<void> => {
      const wait = waits.shift();
      if (wait === undefined) return;
      if (wait > floodSleepThresholdSec) {
        throw new errors.FloodWaitError({ request: req, capture: wait });
      }
      fake.slept.push(wait);
      await new Promise((resolve) => setTimeout(resolve, wait * 1000));
    };
    const connectedOrThrow = () => {
      // A drop during a call: gramjs keeps it queued and resends it after the reconnection;
      // here it fails, which the reader treats the same way (it asks again later).
      if (!fake.online) throw new Error('Not connected');
    };
    const authorizedOrThrow = () => {
      if (!fake.authorized.has(session))
        throw new errors.RPCError('AUTH_KEY_UNREGISTERED', request, 401);
    };
    return {
      async connect() {
        if (credentials.apiId <= 0) throw new Error('bad api id');
        const phone = fake.phoneOf.get(session);
        const failure = phone === undefined ? undefined : fake.connectFailures.get(phone);
        const offline = !fake.online || failure !== undefined;
        startUpdateLoop();
        if (offline) {
          if (failure === 'hang' || (failure === undefined && fake.offlineConnectHangs)) {
            fake.hung += 1;
            return forever<boolean>();
          }
          c.phase = 'failed';
          c.state('disconnected');
          return false;
        }
        c.phase = 'connected';
        fake.clients.add(c);
        c.state('connected');
        return true;
      },
      async destroy() {
        c.phase = 'destroyed';
        fake.clients.delete(c);
        fake.updateLoops.delete(c);
        if (c.ping) clearTimeout(c.ping);
        if (c.giveUp) clearTimeout(c.giveUp);
        // gramjs's destroy() also drops the client's event handlers.
        for (const handler of handlers) fake.handlers.splice(fake.handlers.indexOf(handler), 1);
        handlers.length = 0;
        stateHandlers.length = 0;
      },
      setFloodSleepThreshold(seconds) {
        floodSleepThresholdSec = seconds;
      },
      async sendCode(_credentials, phone) {
        await ready();
        fake.calls.push('sendCode');
        const account = fake.accounts.get(phone);
        if (account?.floodWaitSec) await floodWait([account.floodWaitSec], request);
        if (!account) throw new errors.RPCError('PHONE_NUMBER_INVALID', request, 400);
        if (account.banned) throw new errors.RPCError('PHONE_NUMBER_BANNED', request, 400);
        const hash = `hash-${session}`;
        fake.pending.set(session, { phone, hash });
        return { phoneCodeHash: hash, isCodeViaApp: true };
      },
      async invoke(req) {
        await ready();
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
          fake.phoneOf.set(session, pending.phone);
          return new Api.auth.Authorization({
            user: new Api.UserEmpty({ id: returnBigInt(1) }),
          }) as never;
        }
        if (req instanceof Api.updates.GetState) {
          fake.calls.push('getState');
          authorizedOrThrow();
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
        await ready();
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
        if (pending) fake.phoneOf.set(session, pending.phone);
        return new Api.UserEmpty({ id: returnBigInt(1) });
      },
      async getDialogs({ limit = 100 }) {
        await ready();
        fake.calls.push('getDialogs');
        connectedOrThrow();
        authorizedOrThrow();
        await floodWait(fake.dialogsFloodWaits, new Api.messages.GetDialogs({ limit }));
        return fake.dialogs.map((d) => {
          const chatId = String(d.id);
          entities.add(chatId);
          const top = (fake.history.get(chatId) ?? []).reduce((m, x) => Math.max(m, x.id), 0);
          return top > 0 ? { ...d, message: { id: top } } : d;
        });
      },
      async newestIds(chatIds) {
        await ready();
        fake.calls.push('getPeerDialogs');
        connectedOrThrow();
        authorizedOrThrow();
        // Peers resolve from the entity cache only (getInputEntity); others are left out.
        const tops = new Map<string, number>();
        for (const chatId of chatIds) {
          if (!entities.has(chatId)) continue;
          const top = (fake.history.get(chatId) ?? []).reduce((m, x) => Math.max(m, x.id), 0);
          tops.set(chatId, top);
        }
        return tops;
      },
      async getMessages(chatId, { minId, limit }) {
        await ready();
        fake.calls.push(`getMessages:${chatId}>${minId}`);
        connectedOrThrow();
        authorizedOrThrow();
        if (!entities.has(chatId)) {
          throw new Error(`Could not find the input entity for ${JSON.stringify(chatId)}.`);
        }
        await floodWait(fake.historyFloodWaits, new Api.messages.GetHistory({ limit, minId }));
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
      },
      saveSession() {
        return session;
      },
    };
  }
}

/** One fake client's connection, as its gramjs sender and update loop would have it. */
interface FakeClientState {
  phase: 'new' | 'connected' | 'reconnecting' | 'failed' | 'dead' | 'destroyed';
  giveUp: NodeJS.Timeout | null;
  ping: NodeJS.Timeout | null;
  state: (s: ConnectionState) => void;
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
