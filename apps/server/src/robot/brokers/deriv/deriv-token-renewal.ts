import { Broker } from '@app/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { Secrets } from '../../../lib/secrets.ts';
import type { RuntimeLog } from '../../runtime-deps.ts';
import { refreshTokens, type DerivOAuthConfig, type DerivTokens } from './deriv-oauth-token.ts';

/** An access token is renewed this long before it runs out (a buy never meets an expired one). */
export const RENEW_AHEAD_MS = 5 * 60_000;

type Field = 'token_demo_enc' | 'token_real_enc' | 'refresh_token_enc';

const slotOf = (botId: number, field: Field) => ({
  table: 'broker_credentials',
  rowId: `${botId}/${Broker.deriv}`,
  field,
});

/**
 * A Deriv OAuth connection's columns: the access token in both Deriv slots (it reaches the
 * trader's demo and real accounts), the refresh token, when the access token runs out; each
 * secret encrypted bound to its row and field.
 */
export function sealedDerivTokens(
  secrets: Secrets,
  botId: number,
  tokens: DerivTokens,
  now: number,
): {
  token_demo_enc: string;
  token_real_enc: string;
  refresh_token_enc: string | null;
  token_expires_at: number | null;
} {
  const seal = (field: Field, value: string) => secrets.encrypt(slotOf(botId, field), value);
  return {
    token_demo_enc: seal('token_demo_enc', tokens.accessToken),
    token_real_enc: seal('token_real_enc', tokens.accessToken),
    refresh_token_enc: tokens.refreshToken ? seal('refresh_token_enc', tokens.refreshToken) : null,
    token_expires_at: tokens.expiresInS === null ? null : now + tokens.expiresInS * 1000,
  };
}

/** Whether a stored access token must be renewed now (null expiry: it does not run out). */
export function renewalDue(expiresAt: number | string | null, now: number): boolean {
  return expiresAt !== null && Number(expiresAt) - RENEW_AHEAD_MS <= now;
}

export type Renewal = 'renewed' | 'refused' | 'unreachable' | 'impossible';

/**
 * Renews the bot's Deriv access token with its refresh token (called when {@link renewalDue}):
 * the new tokens replace the old ones only if the row is still the one read (compare-and-set on
 * `updated_at`: of two processes renewing at once, the first wins and the second's answer, an
 * `invalid_grant` for a refresh token already rotated, changes nothing). A refresh token Deriv
 * refuses is dropped: the trader connects again (the orders say `authFailed` until then).
 * `impossible`: no OAuth client configured, or no refresh token stored.
 */
export async function renewDerivToken(
  deps: { db: Kysely<Database>; secrets: Secrets; log?: RuntimeLog | undefined },
  config: DerivOAuthConfig | null,
  botId: number,
  now: number,
): Promise<Renewal> {
  const row = await deps.db
    .selectFrom('broker_credentials')
    .select(['refresh_token_enc', 'updated_at'])
    .where('bot_id', '=', botId)
    .where('broker_id', '=', Broker.deriv)
    .executeTakeFirst();
  if (!config || !row?.refresh_token_enc) return 'impossible';
  const version = Number(row.updated_at);
  const refresh = deps.secrets.decrypt(slotOf(botId, 'refresh_token_enc'), row.refresh_token_enc);
  const answer = await refreshTokens(config, refresh);
  const same = deps.db
    .updateTable('broker_credentials')
    .where('bot_id', '=', botId)
    .where('broker_id', '=', Broker.deriv)
    .where('updated_at', '=', version);
  if (!answer.ok) {
    deps.log?.error({ bot: botId, why: answer.why }, 'deriv: token renewal failed');
    if (answer.why === 'refused') await same.set({ refresh_token_enc: null }).execute();
    return answer.why;
  }
  const sealed = sealedDerivTokens(deps.secrets, botId, answer.tokens, now);
  await same
    .set({
      ...sealed,
      // Deriv may keep the refresh token (RFC 6749 §6): the stored one stays valid then.
      refresh_token_enc: sealed.refresh_token_enc ?? row.refresh_token_enc,
      // A new version: the bot's adapter is rebuilt with the new token.
      updated_at: Math.max(now, version + 1),
    })
    .execute();
  deps.log?.info({ bot: botId }, 'deriv: access token renewed');
  return 'renewed';
}
