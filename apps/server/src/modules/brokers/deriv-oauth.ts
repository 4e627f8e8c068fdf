import { createHash, randomBytes } from 'node:crypto';
import { Broker, ErrorCode } from '@app/contract';
import { HttpError } from '../../lib/http-error.ts';
import { botIdOf } from '../../lib/owned-bot.ts';
import type { AppDeps } from '../../plugins/context.ts';
import {
  DERIV_DEFAULT_OAUTH_URL,
  derivOAuthFromEnv,
  exchangeCode,
  type DerivOAuthConfig,
} from '../../robot/brokers/deriv/deriv-oauth-token.ts';
import { sealedDerivTokens } from '../../robot/brokers/deriv/deriv-token-renewal.ts';
import { saveCredentials } from './brokers.repository.ts';

/**
 * "Conectar Deriv": OAuth 2.0 Authorization Code with PKCE as developers.deriv.com documents it
 * for the new API (docs/brokers.md): the server makes the `code_verifier` and a random `state`,
 * sends the browser to Deriv's authorization page with `code_challenge = BASE64URL(SHA256(
 * verifier))`, and, when Deriv sends the browser back to the panel's redirect page with a code,
 * exchanges code + verifier at Deriv's token endpoint. The access token is stored encrypted in
 * both Deriv slots (it reaches the trader's demo and real accounts; the adapter opens the one of
 * the bot's account type from Deriv's own list) with the refresh token that renews it
 * (robot/brokers/deriv/deriv-token-renewal.ts), and is never shown back.
 */
export { DERIV_DEFAULT_OAUTH_URL, derivOAuthFromEnv, type DerivOAuthConfig };

/** A started flow may be finished for this long. */
export const OAUTH_STATE_TTL_MS = 10 * 60_000;
/** Flows of one bot waiting at once (the newest; a new one drops the oldest). */
export const OAUTH_STATES_PER_BOT = 5;
/** The panel page Deriv sends the browser back to (registered with Deriv as the redirect URI). */
export const DERIV_OAUTH_REDIRECT_PATH = '/brokerconfig';

const base64url = (bytes: Buffer) => bytes.toString('base64url');
const sha256 = (text: string) => createHash('sha256').update(text).digest();
const stateHashOf = (state: string) => sha256(state).toString('hex');

function verifierSlot(stateHash: string) {
  return { table: 'deriv_oauth_states', rowId: stateHash, field: 'verifier_enc' };
}

/** Stores a new flow for the bot and answers Deriv's authorization URL for it. */
export async function startDerivOAuth(
  deps: AppDeps,
  config: DerivOAuthConfig | null,
  userid: string,
  baseUrl: string,
): Promise<{ url: string }> {
  if (!config) throw new HttpError(404, ErrorCode.derivOAuthOff);
  const botId = await botIdOf(deps, userid);
  const state = base64url(randomBytes(32));
  const verifier = base64url(randomBytes(48)); // 64 characters (RFC 7636: 43 to 128)
  const challenge = base64url(sha256(verifier));
  const redirectUri = `${baseUrl}${DERIV_OAUTH_REDIRECT_PATH}`;
  const stateHash = stateHashOf(state);
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('deriv_oauth_states')
      .where('created_at', '<', now - OAUTH_STATE_TTL_MS)
      .execute();
    // A bot keeps its newest few flows (a trader may retry from two tabs); older ones go, so
    // repeated starts store no more rows.
    const kept = trx
      .selectFrom('deriv_oauth_states')
      .select('state_hash')
      .where('bot_id', '=', botId)
      .orderBy('created_at', 'desc')
      .limit(OAUTH_STATES_PER_BOT - 1);
    await trx
      .deleteFrom('deriv_oauth_states')
      .where('bot_id', '=', botId)
      .where('state_hash', 'not in', kept)
      .execute();
    await trx
      .insertInto('deriv_oauth_states')
      .values({
        state_hash: stateHash,
        bot_id: botId,
        verifier_enc: deps.secrets.encrypt(verifierSlot(stateHash), verifier),
        redirect_uri: redirectUri,
        created_at: now,
      })
      .execute();
  });
  const url = new URL('/oauth2/auth', config.authUrl);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: config.clientId,
    redirect_uri: redirectUri,
    scope: 'trade',
    state,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  }).toString();
  return { url: url.toString() };
}

/** Exchanges the code Deriv sent back (once, for the bot that started the flow) and stores it. */
export async function finishDerivOAuth(
  deps: AppDeps,
  config: DerivOAuthConfig | null,
  body: { userid: string; code: string; state: string },
): Promise<void> {
  if (!config) throw new HttpError(404, ErrorCode.derivOAuthOff);
  const botId = await botIdOf(deps, body.userid);
  const stateHash = stateHashOf(body.state);
  const now = deps.now();
  // Used once: the row goes whatever happens next; a state of another bot is not found.
  const row = await deps.db.transaction().execute(async (trx) => {
    const found = await trx
      .selectFrom('deriv_oauth_states')
      .selectAll()
      .where('state_hash', '=', stateHash)
      .where('bot_id', '=', botId)
      .executeTakeFirst();
    if (found) {
      await trx.deleteFrom('deriv_oauth_states').where('state_hash', '=', stateHash).execute();
    }
    return found;
  });
  if (!row || Number(row.created_at) < now - OAUTH_STATE_TTL_MS) {
    throw new HttpError(400, ErrorCode.derivOAuthState);
  }
  const verifier = deps.secrets.decrypt(verifierSlot(stateHash), row.verifier_enc);
  const answer = await exchangeCode(config, {
    code: body.code,
    verifier,
    redirectUri: row.redirect_uri,
  });
  if (!answer.ok) throw new HttpError(400, ErrorCode.derivOAuthRefused);
  // The access token in both Deriv slots, the refresh token that renews it, and when it runs out.
  await saveCredentials(
    deps.db,
    botId,
    Broker.deriv,
    {
      email: '',
      password_enc: null,
      ...sealedDerivTokens(deps.secrets, botId, answer.tokens, now),
    },
    now,
  );
}
