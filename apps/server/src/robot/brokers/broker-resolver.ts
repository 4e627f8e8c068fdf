import { AccountType, Broker } from '@app/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { observedBroker } from '../../lib/broker-metrics.ts';
import type { Secrets } from '../../lib/secrets.ts';
import type { RuntimeLog } from '../runtime-deps.ts';
import type { BrokerAdapter } from './broker-adapter.ts';
import { DerivBroker } from './deriv/deriv-broker.ts';
import { DERIV_DEFAULT_WS_URL, derivUrl, type DerivOpener } from './deriv/deriv-connection.ts';
import { derivOAuthFromEnv, type DerivOAuthConfig } from './deriv/deriv-oauth-token.ts';
import { DERIV_DEFAULT_REST_URL, newApiOpener } from './deriv/deriv-rest.ts';
import { renewalDue, renewDerivToken } from './deriv/deriv-token-renewal.ts';
import {
  derivAppIdFromEnv,
  DERIV_UNAVAILABLE,
  quadcodePlatformsFromEnv,
} from './broker-catalog.ts';
import { ledgerOf } from './ledger-view.ts';
import { paperBroker } from './paper-broker.ts';
import { ownAdapterTargets, type CopyTarget } from './own-adapters.ts';
import { QuadcodeBroker, type QuadcodePlatform } from './quadcode/quadcode-broker.ts';

/**
 * Where Deriv is reached. The new API (default): `DERIV_REST_URL` (accounts, OTP URLs). Legacy,
 * only while Deriv still serves it (`DERIV_API=legacy`): `DERIV_WS_URL` with `authorize`.
 * `DERIV_APP_ID` is the operator's app id; the new API has no default (Deriv's legacy 1089 does
 * not work with it), and without one Deriv is simulator only.
 */
export interface DerivConfig {
  wsUrl: string;
  /** null: no app id configured (`DERIV_APP_ID` unset): Deriv is simulator only. */
  appId: string | null;
  api?: 'new' | 'legacy';
  restUrl?: string;
  /** Wait after a `RateLimit`, ms (default 1 s). */
  rateLimitBackoffMs?: number;
  /** One request's time limit, ms (default 8 s). */
  timeoutMs?: number;
  /** An unused connection closes after this long, ms (default 60 s). */
  idleMs?: number;
  /** The operator's OAuth client ("Conectar Deriv"): renews short-lived access tokens. */
  oauth?: DerivOAuthConfig | null;
}

export function derivConfigFromEnv(env: NodeJS.ProcessEnv = process.env): DerivConfig {
  return {
    wsUrl: env.DERIV_WS_URL?.trim() || DERIV_DEFAULT_WS_URL,
    appId: derivAppIdFromEnv(env),
    api: env.DERIV_API?.trim().toLowerCase() === 'legacy' ? 'legacy' : 'new',
    restUrl: env.DERIV_REST_URL?.trim() || DERIV_DEFAULT_REST_URL,
    oauth: derivOAuthFromEnv(env),
  };
}

/** Turns bot ids and brokers into adapters; `close` ends the network connections. */
export interface BrokerResolver {
  brokerFor(botId: number, brokerId: number): Promise<BrokerAdapter>;
  /**
   * Which copies `brokerFor` sends through the follower's own network adapter (keys
   * `botId/brokerId`); the others go to the paper broker. `db` may be a transaction.
   */
  ownAdapters(db: Kysely<Database>, targets: readonly CopyTarget[]): Promise<Set<string>>;
  close(): Promise<void>;
}

/**
 * The broker of a bot for the runtime (DESIGN §7.1): Deriv when the bot's broker is Deriv (2)
 * and a token for the account type of its Deriv global params is stored (demo → demo token, real → real token; Deriv has
 * no tournament account), otherwise the paper broker. A bot's Deriv adapter is kept between runs
 * (its connection watches open contracts) and replaced when the tokens are saved again.
 */
export function brokerResolver(
  deps: { db: Kysely<Database>; secrets: Secrets; log?: RuntimeLog; now?: () => number },
  config: DerivConfig = derivConfigFromEnv(),
  quadcode: ReadonlyMap<number, QuadcodePlatform> = quadcodePlatformsFromEnv(),
): BrokerResolver {
  const api = config.api ?? 'new';
  if (config.appId === null) {
    // Said once at every start: the panel shows Deriv as simulator only, the log says why.
    deps.log?.error({ broker: 'deriv' }, DERIV_UNAVAILABLE);
  }
  let url: string;
  try {
    url = derivUrl(config.wsUrl, config.appId ?? '');
  } catch {
    // A malformed DERIV_WS_URL fails the Deriv bots' calls (their orders say why), not the runtime.
    url = config.wsUrl;
  }
  /** How one stored token reaches its account: the new API's OTP URL, or legacy `authorize`. */
  const openerOf = (token: string, want: 'demo' | 'real'): DerivOpener =>
    api === 'legacy'
      ? () => Promise.resolve({ url, authorize: token })
      : newApiOpener(
          {
            restUrl: config.restUrl ?? DERIV_DEFAULT_REST_URL,
            appId: config.appId,
            timeoutMs: config.timeoutMs ?? 8_000,
            ...(config.rateLimitBackoffMs === undefined
              ? {}
              : { rateLimitBackoffMs: config.rateLimitBackoffMs }),
          },
          token,
          want,
        );
  const derivs = new Map<number, { version: number; account: AccountType; adapter: DerivBroker }>();

  async function deriv(botId: number): Promise<BrokerAdapter | null> {
    // No operator app id (DERIV_APP_ID unset): Deriv is not traded, paper is.
    if (config.appId === null) return null;
    const credsOf = () =>
      deps.db
        .selectFrom('broker_credentials')
        .select(['token_demo_enc', 'token_real_enc', 'token_expires_at', 'updated_at'])
        .where('bot_id', '=', botId)
        .where('broker_id', '=', Broker.deriv)
        .executeTakeFirst();
    const [found, params] = await Promise.all([
      credsOf(),
      deps.db
        .selectFrom('global_params')
        .select('acc_type')
        .where('bot_id', '=', botId)
        .where('broker_id', '=', Broker.deriv)
        .executeTakeFirst(),
    ]);
    let creds = found;
    // A "Conectar Deriv" access token about to run out is renewed first (its refresh token).
    const now = (deps.now ?? Date.now)();
    if (creds && renewalDue(creds.token_expires_at, now)) {
      const renewal = await renewDerivToken(deps, config.oauth ?? null, botId, now);
      if (renewal === 'renewed') creds = await credsOf();
    }
    const account = (params?.acc_type ?? AccountType.demo) as AccountType;
    const sealed =
      account === AccountType.demo
        ? creds?.token_demo_enc
        : account === AccountType.real
          ? creds?.token_real_enc
          : null;
    const cached = derivs.get(botId);
    if (!creds || !sealed) {
      if (cached) {
        derivs.delete(botId);
        await cached.adapter.close();
      }
      return null;
    }
    const version = Number(creds.updated_at);
    if (cached && cached.version === version) {
      cached.account = account;
      return cached.adapter;
    }
    if (cached) await cached.adapter.close();
    const open = (field: 'token_demo_enc' | 'token_real_enc', value: string | null) =>
      value === null
        ? undefined
        : deps.secrets.decrypt(
            { table: 'broker_credentials', rowId: `${botId}/${Broker.deriv}`, field },
            value,
          );
    const demo = open('token_demo_enc', creds.token_demo_enc);
    const real = open('token_real_enc', creds.token_real_enc);
    const entry = {
      version,
      account,
      adapter: null as unknown as DerivBroker,
    };
    entry.adapter = new DerivBroker({
      opener: (acc) =>
        acc === AccountType.demo && demo
          ? openerOf(demo, 'demo')
          : acc === AccountType.real && real
            ? openerOf(real, 'real')
            : null,
      api,
      ...(config.rateLimitBackoffMs === undefined
        ? {}
        : { rateLimitBackoffMs: config.rateLimitBackoffMs }),
      ledger: ledgerOf(deps.db, botId),
      account: () => entry.account,
      ...(config.timeoutMs === undefined ? {} : { timeoutMs: config.timeoutMs }),
      ...(config.idleMs === undefined ? {} : { idleMs: config.idleMs }),
      ...(deps.now ? { now: deps.now } : {}),
      ...(deps.log ? { log: deps.log } : {}),
    });
    derivs.set(botId, entry);
    return entry.adapter;
  }

  const quadcodes = new Map<
    string,
    { version: number; account: AccountType; optionType: number; adapter: QuadcodeBroker }
  >();

  /**
   * A Quadcode-platform broker's adapter when the operator configured the broker and the bot
   * stored its login; kept between runs and replaced when the login is saved again.
   */
  async function quadcodeOf(
    botId: number,
    platform: QuadcodePlatform,
  ): Promise<BrokerAdapter | null> {
    const brokerId = platform.brokerId;
    const key = `${botId}/${brokerId}`;
    const [creds, params] = await Promise.all([
      deps.db
        .selectFrom('broker_credentials')
        .select(['email', 'password_enc', 'updated_at'])
        .where('bot_id', '=', botId)
        .where('broker_id', '=', brokerId)
        .executeTakeFirst(),
      deps.db
        .selectFrom('global_params')
        .select(['acc_type', 'option_type'])
        .where('bot_id', '=', botId)
        .where('broker_id', '=', brokerId)
        .executeTakeFirst(),
    ]);
    const cached = quadcodes.get(key);
    if (!creds?.password_enc || creds.email === '') {
      if (cached) {
        quadcodes.delete(key);
        await cached.adapter.close();
      }
      return null;
    }
    const account = (params?.acc_type ?? AccountType.demo) as AccountType;
    const optionType = params?.option_type ?? 1;
    const version = Number(creds.updated_at);
    if (cached && cached.version === version) {
      cached.account = account;
      cached.optionType = optionType;
      return cached.adapter;
    }
    if (cached) await cached.adapter.close();
    const password = deps.secrets.decrypt(
      { table: 'broker_credentials', rowId: key, field: 'password_enc' },
      creds.password_enc,
    );
    const entry = { version, account, optionType, adapter: null as unknown as QuadcodeBroker };
    entry.adapter = new QuadcodeBroker({
      platform,
      email: creds.email,
      password,
      ledger: ledgerOf(deps.db, botId),
      account: () => entry.account,
      optionType: () => entry.optionType,
      ...(config.timeoutMs === undefined ? {} : { timeoutMs: config.timeoutMs }),
      ...(config.idleMs === undefined ? {} : { idleMs: config.idleMs }),
      ...(deps.log ? { log: deps.log } : {}),
    });
    quadcodes.set(key, entry);
    return entry.adapter;
  }

  const network = new Set(quadcode.keys());
  if (config.appId !== null) network.add(Broker.deriv);

  return {
    ownAdapters: (db, targets) => ownAdapterTargets(db, targets, network),
    async brokerFor(botId, brokerId) {
      // Failed calls are counted per broker (copybot_broker_errors_total).
      if (brokerId === Broker.deriv) {
        const adapter = await deriv(botId);
        if (adapter) return observedBroker(adapter);
      }
      const platform = quadcode.get(brokerId);
      if (platform) {
        const adapter = await quadcodeOf(botId, platform);
        if (adapter) return observedBroker(adapter);
      }
      // No adapter for this broker, or nothing stored to log in with: the simulator.
      return observedBroker(paperBroker(deps.db, botId));
    },
    async close() {
      const all = [...derivs.values(), ...quadcodes.values()];
      derivs.clear();
      quadcodes.clear();
      await Promise.all(all.map((e) => e.adapter.close()));
    },
  };
}
