import { defaultProxy, type Proxy, type ProxyRead } from '@app/contract';
import { botIdOf } from '../../lib/owned-bot.ts';
import type { SecretSlot } from '../../lib/secrets.ts';
import type { AppDeps } from '../../plugins/context.ts';
import { findProxy, saveProxy } from './proxy.repository.ts';

/** Where a bot's proxy password lives; bound into its ciphertext (DESIGN §4). */
function passwordSlot(botId: number): SecretSlot {
  return { table: 'proxies', rowId: botId, field: 'password_enc' };
}

/** What the panel sees: never the password, only whether one is stored. */
export async function readProxy(deps: AppDeps, userid: string): Promise<ProxyRead> {
  const row = await findProxy(deps.db, await botIdOf(deps, userid));
  if (!row) return defaultProxy(userid);
  return {
    ip: row.ip,
    porta: row.porta,
    login: row.login,
    userid,
    hasPassword: row.password_enc !== null,
  };
}

/**
 * The schema trimmed the values. An empty password keeps the stored one; an empty address turns
 * the proxy off and forgets its password (see ProxySchema).
 */
export async function writeProxy(deps: AppDeps, proxy: Proxy): Promise<void> {
  const botId = await botIdOf(deps, proxy.userid);
  const stored =
    proxy.password === '' && proxy.ip !== '' ? await findProxy(deps.db, botId) : undefined;
  await saveProxy(
    deps.db,
    botId,
    {
      ip: proxy.ip,
      porta: proxy.porta,
      login: proxy.login,
      password_enc:
        proxy.password === ''
          ? (stored?.password_enc ?? null)
          : deps.secrets.encrypt(passwordSlot(botId), proxy.password),
    },
    deps.now(),
  );
}

/** The proxy with its password in clear, for the robot runtime that connects through it. */
export async function loadProxy(
  deps: AppDeps,
  botId: number,
): Promise<{ ip: string; porta: number; login: string; password: string } | null> {
  const row = await findProxy(deps.db, botId);
  if (!row) return null;
  return {
    ip: row.ip,
    porta: row.porta,
    login: row.login,
    password:
      row.password_enc === null ? '' : deps.secrets.decrypt(passwordSlot(botId), row.password_enc),
  };
}
