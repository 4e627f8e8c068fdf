import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { EventEmitter } from 'node:events';
import { autoRetry } from '@grammyjs/auto-retry';
import { run, type RunnerHandle } from '@grammyjs/runner';
import { RobotMessageSchema, type Language, type TelegramBotHealth } from '@app/contract';
import { Api, Bot, type Transformer } from 'grammy';
import type { Update } from 'grammy/types';
import type { AppDeps, TelegramBotHandle } from '../../plugins/context.ts';
import type { BotMessenger } from '../../lib/messenger.ts';
import { registerHandlers, purgeUpdates } from './bot-handlers.ts';
import {
  BotStatus,
  describeError,
  healthOf,
  isConflict,
  isUnauthorized,
  type BotStatusSnapshot,
} from './bot-status.ts';
import { say } from '../../lib/telegram-catalogue.ts';
import { createFeed } from './notify-feed.ts';
import { createDrainer, enqueue, PRIORITY_ANSWER, sealCode } from './outbox.ts';
import { robotText } from './robot-text.ts';

/**
 * The operator's Telegram bot, on grammY (https://grammy.dev): its updates (bot-handlers.ts),
 * the outbox's drainer and the activity feed that fills it. Exactly one process receives updates
 * and drains (a lease in `tg_runtime`): long polling with @grammyjs/runner by default, a webhook
 * checked by Telegram's secret-token header when the panel's public address is https.
 *
 * The receiver is supervised, because the runner gives up on exactly the failures a deployment
 * meets: its `task()` rejects on 409 (another poller or a webhook with the same token) and 401
 * (the token revoked), and left alone that rejection ends the process. Here the runner is told
 * to give up on every failure at once (`maxRetryTime: 0`; its own backoff doubles without a cap)
 * and this loop decides: a 409, a network or a server failure is tried again after 1 s, doubling
 * up to 30 s, and reported; a 401 stops the bot (polling and sending), says so in the log and
 * the health view, and leaves the server and the panel running. Every call has a time limit
 * (grammY's default is 500 s), and auto-retry only retries a short 429 once: it never sleeps
 * through a network failure (without `rethrowHttpErrors` it would, up to an hour between tries).
 */

export interface TelegramBotConfig {
  /** TELEGRAM_BOT_TOKEN. */
  token: string;
  /** TELEGRAM_BOT_API_URL: the Bot API root (tests, a local Bot API server); default Telegram's. */
  apiRoot?: string;
  /**
   * false: nothing runs by itself (tests call pollOnce, drainOnce and feedOnce); default true.
   */
  run?: boolean;
  /** Long-poll timeout of getUpdates, seconds (default 30). */
  pollTimeoutSec?: number;
  /** Time limit of every other call to Telegram, seconds (default 10). */
  callTimeoutSec?: number;
  /**
   * The receiver's wait after a failure: first, and longest (default 1 s doubling to 30 s); the
   * drainer's pause after a failed send doubles from the same first wait to twice the longest.
   */
  retry?: { firstMs: number; maxMs: number };
  /** How often the lease is renewed (default 10 s; it lasts three times as long). */
  renewMs?: number;
  /** How often, in webhook mode, the webhook Telegram holds is checked (default a minute). */
  webhookCheckMs?: number;
  /** A webhook request is answered within this (default WEBHOOK_TIME_LIMIT_MS). */
  webhookTimeLimitMs?: number;
}

const LEASE_NAME = 'receiver';
const FEED_MS = 2_000;
const DRAIN_MS = 250;
/** A webhook request is answered within this, whatever its handling still does. */
export const WEBHOOK_TIME_LIMIT_MS = 5_000;

export interface OperatorBotDeps {
  deps: AppDeps;
  robotEvents: EventEmitter;
  publicUrl: string | null;
  log: {
    info(obj: object, msg: string): void;
    warn(obj: object, msg: string): void;
    error(obj: object, msg: string): void;
  };
}

/** The secret Telegram sends back in X-Telegram-Bot-Api-Secret-Token: derived from the token. */
export function webhookSecret(token: string): string {
  return createHash('sha256').update(`webhook:${token}`).digest('hex').slice(0, 64);
}

/** Whether a webhook body is an update at all: an object with a whole `update_id`. */
function isUpdate(body: unknown): body is Update {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const id = (body as { update_id?: unknown }).update_id;
  return typeof id === 'number' && Number.isSafeInteger(id) && id >= 0;
}

/**
 * A time limit on every call but the long poll (which has its own, longer one): grammY's default
 * of 500 s would hold the drainer through a black-holed network.
 */
function callTimeout(seconds: number): Transformer {
  return async (prev, method, payload, signal) => {
    if (method === 'getUpdates') return prev(method, payload, signal);
    const limit = new AbortController();
    const abort = () => limit.abort();
    signal?.addEventListener('abort', abort);
    const timer = setTimeout(abort, seconds * 1000);
    try {
      return await prev(method, payload, limit.signal as unknown as typeof signal);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', abort);
    }
  };
}

export function createOperatorBot(
  config: TelegramBotConfig,
  o: OperatorBotDeps,
): TelegramBotHandle {
  const { deps } = o;
  const pollTimeoutSec = config.pollTimeoutSec ?? 30;
  const callTimeoutSec = config.callTimeoutSec ?? 10;
  const retry = config.retry ?? { firstMs: 1000, maxMs: 30_000 };
  const renewMs = config.renewMs ?? 10_000;
  const leaseMs = renewMs * 3;
  const apiRoot = config.apiRoot?.replace(/\/+$/, '');
  // The client's own limit must outlast the long poll; other calls get theirs from callTimeout.
  const client = {
    ...(apiRoot ? { apiRoot } : {}),
    timeoutSeconds: pollTimeoutSec + callTimeoutSec,
  };
  const bot = new Bot(config.token, { client });
  const webhook = o.publicUrl?.startsWith('https://') ?? false;
  const secret = webhookSecret(config.token);
  const owner = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const describe = (err: unknown) => describeError(err, config.token, deps.now());
  const onError = (err: unknown) =>
    o.log.warn({ error: describe(err) }, 'telegram bot: call failed');

  let holding = false;
  let stopped = false;
  const status = new BotStatus(deps.now, (s) => {
    if (holding) void writeDetail(s);
  });

  // Only a 429 of a few seconds is retried here, once; a network or server failure is thrown at
  // once to whoever called (the receiver's loop, the drainer), which decide what to do.
  bot.api.config.use(
    callTimeout(callTimeoutSec),
    autoRetry({
      maxRetryAttempts: 1,
      maxDelaySeconds: 3,
      rethrowHttpErrors: true,
      rethrowInternalServerErrors: true,
    }),
    async (prev, method, payload, signal) => {
      const res = await prev(method, payload, signal);
      // Telegram answered a poll: whatever was wrong before, the bot receives again.
      if (res.ok && method === 'getUpdates' && holding && status.state !== 'up') {
        if (status.state !== 'starting') o.log.info({}, 'telegram bot: receiving again');
        status.set('up');
      }
      return res;
    },
  );
  // The drainer's own Api, without auto-retry: it pauses everything for a 429's retry_after
  // instead of holding one call.
  const plainApi = new Api(config.token, { ...client, timeoutSeconds: callTimeoutSec });

  // getMe, once per attempt. Not bot.init(): it retries a network or server failure by itself,
  // its wait doubling up to 20 minutes, so nobody would learn Telegram is unreachable and the
  // bot could stay idle for that long after it is back.
  let initPromise: Promise<void> | null = null;
  const ready = () => {
    if (bot.isInited()) return Promise.resolve();
    initPromise ??= bot.api.getMe().then(
      (me) => {
        bot.botInfo = me;
        initPromise = null;
      },
      (err: unknown) => {
        initPromise = null;
        throw err;
      },
    );
    return initPromise;
  };

  // ---- Sleeping that a stop ends at once ----
  const sleepers = new Set<() => void>();
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        sleepers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      timer.unref();
      sleepers.add(done);
    });
  const wakeAll = () => [...sleepers].forEach((done) => done());

  let runner: RunnerHandle | null = null;
  /** pollOnce's offset (tests): updates below it are confirmed. */
  let pollOffset = 0;
  let receiving: Promise<void> | null = null;

  /** Telegram refused the token: nothing is sent or received until a new token and a restart. */
  function unauthorized(err: unknown): void {
    if (status.state === 'unauthorized') return;
    status.set('unauthorized', { error: describe(err) });
    o.log.error(
      { error: describe(err) },
      'telegram bot: Telegram refused the token (401: revoked or wrong). The bot is stopped; set a valid TELEGRAM_BOT_TOKEN and restart. The panel keeps running.',
    );
    if (runner?.isRunning()) void runner.stop();
    wakeAll();
  }

  const drainer = createDrainer(
    deps.db,
    plainApi,
    deps.now,
    deps.secrets,
    {
      unauthorized,
      failed(err, first) {
        status.failed(describe(err));
        if (first) {
          o.log.warn(
            { error: describe(err) },
            'telegram bot: sending failed (network or Telegram trouble); queued messages wait and sending is tried again with backoff',
          );
        } else onError(err);
      },
      recovered() {
        o.log.info({}, 'telegram bot: sending works again');
      },
      paused: (until) => status.pauseSending(until),
    },
    config.retry ? { firstMs: config.retry.firstMs, maxMs: config.retry.maxMs * 2 } : undefined,
  );
  const feed = createFeed(deps);
  let drainSoon: () => void = () => undefined;

  registerHandlers(bot, {
    deps,
    robotEvents: o.robotEvents,
    publicUrl: o.publicUrl,
    wake: () => drainSoon(),
    onError,
  });
  bot.catch((err) => onError(err.error));

  const messenger: BotMessenger = {
    // Queued, never sent inside the request: a registration answers at once whatever Telegram
    // does, and the code goes out (answers first) within the same limits as every message.
    async sendVerificationCode(userid, code, language, botId) {
      const text = say(language, 'verify.code', { code });
      await enqueue(
        deps.db,
        [
          {
            chatId: userid,
            kind: 'code',
            text: sealCode(deps.secrets, userid, botId ?? 0, text),
            ref: botId ?? 0,
            priority: PRIORITY_ANSWER,
          },
        ],
        deps.now(),
      );
      drainSoon();
    },
  };

  // ---- The receiver: one process, by lease ----
  async function writeDetail(snapshot: BotStatusSnapshot): Promise<void> {
    await deps.db
      .updateTable('tg_runtime')
      .set({ detail: JSON.stringify(snapshot) })
      .where('name', '=', LEASE_NAME)
      .where('owner', '=', owner)
      .execute()
      .catch(() => undefined);
  }

  async function takeLease(): Promise<boolean> {
    const now = deps.now();
    const detail = JSON.stringify(status.snapshot());
    await deps.db
      .insertInto('tg_runtime')
      .values({ name: LEASE_NAME, owner, expires_at: now + leaseMs, value: null, detail })
      .onConflict((oc) =>
        oc
          .column('name')
          .doUpdateSet({ owner, expires_at: now + leaseMs, detail })
          .where((eb) =>
            eb.or([
              eb('tg_runtime.owner', '=', owner),
              eb('tg_runtime.expires_at', '<', now),
              eb('tg_runtime.owner', 'is', null),
            ]),
          ),
      )
      .execute();
    const row = await deps.db
      .selectFrom('tg_runtime')
      .select('owner')
      .where('name', '=', LEASE_NAME)
      .executeTakeFirst();
    return row?.owner === owner;
  }

  const active = () => holding && !stopped && status.state !== 'unauthorized';

  /** One run of receiving: until stopped, the lease lost, or a failure (thrown). */
  async function receiveOnce(): Promise<void> {
    await ready();
    if (webhook) {
      await bot.api.setWebhook(`${o.publicUrl}/api/telegram/webhook`, {
        secret_token: secret,
        allowed_updates: ['message', 'callback_query'],
      });
      status.set('up');
      while (active()) {
        await sleep(config.webhookCheckMs ?? 60_000);
        if (!active()) return;
        const info = await bot.api.getWebhookInfo();
        if (info.url !== `${o.publicUrl}/api/telegram/webhook`) {
          throw Object.assign(new Error(`the webhook points elsewhere (${info.url || 'none'})`), {
            conflict: true,
          });
        }
        if (
          info.last_error_message &&
          (info.last_error_date ?? 0) * 1000 > status.snapshot().since
        ) {
          status.failed({
            at: (info.last_error_date ?? 0) * 1000,
            code: null,
            description: `Telegram could not deliver to the webhook: ${info.last_error_message}`,
          });
        }
      }
      return;
    }
    await bot.api.deleteWebhook();
    runner = run(bot, {
      runner: {
        fetch: { timeout: pollTimeoutSec, allowed_updates: ['message', 'callback_query'] },
        // Every failure comes to the loop below at once: the runner's own retries double
        // without a cap and end the process on a 409 or a 401.
        maxRetryTime: 0,
        silent: true,
      },
      // A flood of updates is handled a few at a time: each only writes rows, and the panel
      // shares the database.
      sink: { concurrency: 4 },
    });
    try {
      await runner.task();
    } finally {
      runner = null;
    }
  }

  /** Receives while this process holds the lease, trying again after every failure but a 401. */
  async function receive(): Promise<void> {
    let delay = retry.firstMs;
    while (active()) {
      try {
        await receiveOnce();
        delay = retry.firstMs;
      } catch (err) {
        if (!active()) return;
        if (isUnauthorized(err)) return unauthorized(err);
        const conflict = isConflict(err) || (err as { conflict?: boolean }).conflict === true;
        const state = conflict ? 'conflict' : 'retrying';
        const before = status.state;
        status.set(state, { error: describe(err), retryAt: deps.now() + delay });
        if (before !== state) {
          o.log.warn(
            { error: describe(err), retryInMs: delay },
            conflict
              ? 'telegram bot: another poller or webhook uses this token (409); trying again with backoff'
              : 'telegram bot: Telegram cannot be reached; trying again with backoff',
          );
        }
        await sleep(delay);
        delay = Math.min(retry.maxMs, delay * 2);
      }
    }
  }

  async function release(): Promise<void> {
    holding = false;
    wakeAll();
    if (runner?.isRunning()) await runner.stop();
    await receiving;
    receiving = null;
  }

  async function tick(): Promise<void> {
    if (stopped) return;
    try {
      const mine = await takeLease();
      if (mine && !holding) {
        holding = true;
        if (status.state === 'standby') status.set('starting');
        receiving = receive();
      } else if (!mine && holding) {
        await release();
        if (status.state !== 'unauthorized') status.set('standby');
      }
    } catch (err) {
      onError(err);
    }
  }

  const timers = new Set<NodeJS.Timeout>();
  function loop(fn: () => Promise<unknown>, everyMs: number): { now(): void } {
    let timer: NodeJS.Timeout | null = null;
    let running = false;
    const go = () => {
      if (timer) timers.delete(timer);
      timer = null;
      if (stopped || running) return;
      running = true;
      const work = active() ? fn() : Promise.resolve();
      work
        .catch((err: unknown) => onError(err))
        .finally(() => {
          running = false;
          if (stopped) return;
          timer = setTimeout(go, everyMs).unref();
          timers.add(timer);
        });
    };
    go();
    return {
      now() {
        if (timer && !running) {
          clearTimeout(timer);
          timers.delete(timer);
          go();
        }
      },
    };
  }

  async function outboxCounts(): Promise<TelegramBotHealth['outbox']> {
    const rows = await deps.db
      .selectFrom('tg_outbox')
      .select((eb) => [
        'status',
        eb.fn.countAll<number>().as('n'),
        eb.fn.min('created_at').as('oldest'),
      ])
      .where('status', 'in', ['queued', 'waiting'])
      .groupBy('status')
      .execute();
    const queued = rows.find((r) => r.status === 'queued');
    const oldest = queued?.oldest == null ? null : Number(queued.oldest);
    return {
      queued: Number(queued?.n ?? 0),
      oldestQueuedSec:
        oldest === null ? null : Math.max(0, Math.floor((deps.now() - oldest) / 1000)),
      waitingForChat: Number(rows.find((r) => r.status === 'waiting')?.n ?? 0),
    };
  }

  return {
    username: () => (bot.isInited() ? bot.botInfo.username : null),
    mode: webhook ? 'webhook' : 'polling',
    ready,
    deepLink(payload) {
      if (!bot.isInited()) return null;
      const link = `https://t.me/${bot.botInfo.username}`;
      return payload ? `${link}?start=${payload}` : link;
    },
    messenger,
    async pollOnce() {
      await ready();
      const updates = await bot.api.getUpdates({ offset: pollOffset, timeout: 0 });
      for (const u of updates) {
        pollOffset = u.update_id + 1;
        await bot.handleUpdate(u);
      }
      return updates.length;
    },
    drainOnce: () => drainer.drainOnce(),
    async feedOnce() {
      const queued = await feed.feedOnce();
      await purgeUpdates(deps);
      return queued;
    },
    async handleWebhook(secretHeader, update) {
      const given = Buffer.from(secretHeader ?? '', 'utf8');
      const wanted = Buffer.from(secret, 'utf8');
      if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) return 'unauthorized';
      if (!isUpdate(update)) return 'invalid';
      await ready();
      const handling = bot.handleUpdate(update).then(
        () => 'handled' as const,
        (err: unknown) => {
          onError(err);
          return 'handled' as const;
        },
      );
      let timer: NodeJS.Timeout | undefined;
      const limit = new Promise<'handled'>((resolve) => {
        timer = setTimeout(
          () => resolve('handled'),
          config.webhookTimeLimitMs ?? WEBHOOK_TIME_LIMIT_MS,
        );
      });
      try {
        return await Promise.race([handling, limit]);
      } finally {
        clearTimeout(timer);
      }
    },
    async health() {
      const base = {
        mode: webhook ? ('webhook' as const) : ('polling' as const),
        username: bot.isInited() ? bot.botInfo.username : null,
        outbox: await outboxCounts(),
      };
      if (holding || config.run === false) {
        return healthOf(status.snapshot(), { ...base, receiver: holding ? 'this' : 'none' });
      }
      const lease = await deps.db
        .selectFrom('tg_runtime')
        .select(['owner', 'expires_at', 'detail'])
        .where('name', '=', LEASE_NAME)
        .executeTakeFirst();
      const alive = lease?.owner != null && Number(lease.expires_at ?? 0) > deps.now();
      if (!alive) return healthOf(status.snapshot(), { ...base, receiver: 'none' });
      let theirs: BotStatusSnapshot | null = null;
      try {
        theirs = lease.detail ? (JSON.parse(lease.detail) as BotStatusSnapshot) : null;
      } catch {
        theirs = null;
      }
      return healthOf(theirs, { ...base, receiver: 'other' });
    },
    status: () => status.snapshot(),
    start() {
      if (config.run === false) return;
      stopped = false;
      // Every process needs the bot's username (the panel's deep links): ask until Telegram
      // answers, with the receiver's backoff; a 401 stops the bot.
      void (async () => {
        let delay = retry.firstMs;
        while (!stopped && status.state !== 'unauthorized') {
          try {
            await ready();
            return;
          } catch (err) {
            if (isUnauthorized(err)) return unauthorized(err);
            if (!holding) status.failed(describe(err));
            await sleep(delay);
            delay = Math.min(retry.maxMs, delay * 2);
          }
        }
      })();
      const renew = () => {
        void tick().finally(() => {
          if (stopped) return;
          const timer = setTimeout(renew, renewMs).unref();
          timers.add(timer);
        });
      };
      renew();
      const drain = loop(() => drainer.drainOnce(), DRAIN_MS);
      drainSoon = () => drain.now();
      loop(async () => {
        await feed.feedOnce();
        await purgeUpdates(deps);
      }, FEED_MS);
    },
    async stop() {
      stopped = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
      const held = holding;
      await release();
      status.set('stopped');
      if (held) {
        await deps.db
          .updateTable('tg_runtime')
          .set({ owner: null, expires_at: 0, detail: null })
          .where('name', '=', LEASE_NAME)
          .where('owner', '=', owner)
          .execute()
          .catch(() => undefined);
      }
    },
  };
}

/** Parses a stored command reply (JSON text) for the chat. */
export function replyOf(stored: string | null, language: Language): string | null {
  if (stored === null) return null;
  try {
    const parsed = RobotMessageSchema.safeParse(JSON.parse(stored));
    if (parsed.success) return robotText(language, parsed.data);
  } catch {
    // not JSON
  }
  return robotText(language, { key: 'robot.reply.failed', params: {} });
}
