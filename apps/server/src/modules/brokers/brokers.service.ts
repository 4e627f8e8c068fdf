import {
  Broker,
  BROKER_CONFIG_CARDS,
  type BrokerLogin,
  type DerivTokens,
  type StoredCredential,
} from '@app/contract';
import type { Selectable } from 'kysely';
import type { BrokerCredentialsTable } from '../../db/schema.ts';
import { botIdOf } from '../../lib/owned-bot.ts';
import { nextSecret, secretRequired } from '../../lib/secret-field.ts';
import type { SecretSlot } from '../../lib/secrets.ts';
import type { AppDeps } from '../../plugins/context.ts';
import {
  deleteCredentials,
  findCredentials,
  listCredentials,
  saveCredentials,
} from './brokers.repository.ts';

type SecretColumn = 'password_enc' | 'token_demo_enc' | 'token_real_enc';

/**
 * Where a secret lives; bound into its ciphertext (DESIGN §4). The table's key is
 * (bot_id, broker_id), so that pair is the row id.
 */
function slot(botId: number, brokerId: number, field: SecretColumn): SecretSlot {
  return { table: 'broker_credentials', rowId: `${botId}/${brokerId}`, field };
}

/**
 * SPEC §5: broker fields are trimmed, except OlympTrade's (its card says so); a direct API call
 * gets what the panel would have sent.
 */
function normalise(broker: number, value: string): string {
  const card = BROKER_CONFIG_CARDS.find((c) => c.broker === broker);
  return card?.trim === false ? value : value.trim();
}

function toStored(row: Selectable<BrokerCredentialsTable>): StoredCredential {
  return {
    broker: row.broker_id as StoredCredential['broker'],
    email: row.email,
    hasPassword: row.password_enc !== null,
    hasTokenDemo: row.token_demo_enc !== null,
    hasTokenReal: row.token_real_enc !== null,
  };
}

/** Which brokers have stored credentials: never a secret, only whether it exists. */
export async function readStoredCredentials(
  deps: AppDeps,
  userid: string,
): Promise<StoredCredential[]> {
  return (await listCredentials(deps.db, await botIdOf(deps, userid))).map(toStored);
}

/**
 * Deriv (2) and "All" (0) were refused by the endpoint's rule (checkBrokerLogin). A blank
 * password keeps the stored one (lib/secret-field.ts), so the e-mail can change alone.
 */
export async function writeBrokerLogin(deps: AppDeps, login: BrokerLogin): Promise<void> {
  const botId = await botIdOf(deps, login.userid);
  await deps.db.transaction().execute(async (trx) => {
    const stored = await findCredentials(trx, botId, login.broker);
    const password_enc = nextSecret({
      value: normalise(login.broker, login.password),
      remove: false,
      stored: stored?.password_enc ?? null,
      seal: (value) => deps.secrets.encrypt(slot(botId, login.broker, 'password_enc'), value),
    });
    if (password_enc === null) throw secretRequired('password');
    await saveCredentials(
      trx,
      botId,
      login.broker,
      {
        email: normalise(login.broker, login.email),
        password_enc,
        token_demo_enc: null,
        token_real_enc: null,
      },
      deps.now(),
    );
  });
}

/**
 * Deriv's tokens follow the one secret rule (lib/secret-field.ts): a blank token keeps the stored
 * one, `remove` deletes it; with no token left, Deriv's row goes (nothing stored to show). A first
 * save with both tokens blank has nothing to store and is refused.
 */
export async function writeDerivTokens(deps: AppDeps, tokens: DerivTokens): Promise<void> {
  const botId = await botIdOf(deps, tokens.userid);
  await deps.db.transaction().execute(async (trx) => {
    const stored = await findCredentials(trx, botId, Broker.deriv);
    const next = (field: 'tokenDemo' | 'tokenReal', column: SecretColumn) =>
      nextSecret({
        value: normalise(Broker.deriv, tokens[field]),
        remove: tokens.remove?.includes(field) ?? false,
        stored: stored?.[column] ?? null,
        seal: (value) => deps.secrets.encrypt(slot(botId, Broker.deriv, column), value),
      });
    const demo = next('tokenDemo', 'token_demo_enc');
    const real = next('tokenReal', 'token_real_enc');
    if (demo === null && real === null) {
      // Removing what is not stored is not an error; a save of two blanks with nothing stored is.
      if (!stored && (tokens.remove?.length ?? 0) === 0) throw secretRequired('tokenDemo');
      await deleteCredentials(trx, botId, Broker.deriv);
      return;
    }
    // A "Conectar Deriv" connection keeps what renews it while no new token replaces its own.
    const kept =
      (demo === null || demo === stored?.token_demo_enc) &&
      (real === null || real === stored?.token_real_enc);
    await saveCredentials(
      trx,
      botId,
      Broker.deriv,
      {
        email: '',
        password_enc: null,
        token_demo_enc: demo,
        token_real_enc: real,
        ...(kept && stored
          ? {
              refresh_token_enc: stored.refresh_token_enc,
              token_expires_at: stored.token_expires_at,
            }
          : {}),
      },
      deps.now(),
    );
  });
}

/** Idempotent: removing credentials that are not stored is not an error. */
export async function removeBrokerLogin(
  deps: AppDeps,
  userid: string,
  brokerId: number,
): Promise<void> {
  await deleteCredentials(deps.db, await botIdOf(deps, userid), brokerId);
}

/** A broker's credentials in clear, for the robot runtime's broker adapter; null if none. */
export async function loadBrokerCredentials(
  deps: AppDeps,
  botId: number,
  brokerId: number,
): Promise<{ email: string; password: string; tokenDemo: string; tokenReal: string } | null> {
  const row = await findCredentials(deps.db, botId, brokerId);
  if (!row) return null;
  const open = (field: SecretColumn) => {
    const sealed = row[field];
    return sealed === null ? '' : deps.secrets.decrypt(slot(botId, brokerId, field), sealed);
  };
  return {
    email: row.email,
    password: open('password_enc'),
    tokenDemo: open('token_demo_enc'),
    tokenReal: open('token_real_enc'),
  };
}
