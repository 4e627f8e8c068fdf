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

/** Deriv (2) and "All" (0) were refused by the endpoint's rule (checkBrokerLogin). */
export async function writeBrokerLogin(deps: AppDeps, login: BrokerLogin): Promise<void> {
  const botId = await botIdOf(deps, login.userid);
  const password = normalise(login.broker, login.password);
  await saveCredentials(
    deps.db,
    botId,
    login.broker,
    {
      email: normalise(login.broker, login.email),
      password_enc: deps.secrets.encrypt(slot(botId, login.broker, 'password_enc'), password),
      token_demo_enc: null,
      token_real_enc: null,
    },
    deps.now(),
  );
}

/**
 * The Deriv card sends both tokens every time: an empty one removes that token, both empty
 * remove Deriv's row (no stored credentials left to show).
 */
export async function writeDerivTokens(deps: AppDeps, tokens: DerivTokens): Promise<void> {
  const botId = await botIdOf(deps, tokens.userid);
  const demo = normalise(Broker.deriv, tokens.tokenDemo);
  const real = normalise(Broker.deriv, tokens.tokenReal);
  if (demo === '' && real === '') {
    await deleteCredentials(deps.db, botId, Broker.deriv);
    return;
  }
  const seal = (field: SecretColumn, value: string) =>
    value === '' ? null : deps.secrets.encrypt(slot(botId, Broker.deriv, field), value);
  await saveCredentials(
    deps.db,
    botId,
    Broker.deriv,
    {
      email: '',
      password_enc: null,
      token_demo_enc: seal('token_demo_enc', demo),
      token_real_enc: seal('token_real_enc', real),
    },
    deps.now(),
  );
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
