import { defaultProxy, type Proxy, type ProxyRead } from '@app/contract';
import { botIdOf } from '../../lib/owned-bot.ts';
import { nextSecret } from '../../lib/secret-field.ts';
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
 * The schema trimmed the values. The password follows the one secret rule (lib/secret-field.ts):
 * blank keeps, `remove` deletes; an empty address turns the proxy off and forgets its password.
 */
export async function writeProxy(deps: AppDeps, proxy: Proxy): Promise<void> {
  const botId = await botIdOf(deps, proxy.userid);
  await deps.db.transaction().execute(async (trx) => {
    const stored = await findProxy(trx, botId);
    const password_enc =
      proxy.ip === ''
        ? null
        : nextSecret({
            value: proxy.password,
            remove: proxy.remove?.includes('password') ?? false,
            stored: stored?.password_enc ?? null,
            seal: (value) => deps.secrets.encrypt(passwordSlot(botId), value),
          });
    await saveProxy(
      trx,
      botId,
      { ip: proxy.ip, porta: proxy.porta, login: proxy.login, password_enc },
      deps.now(),
    );
  });
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
