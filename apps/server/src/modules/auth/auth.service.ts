import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import {
  checkCreateBot,
  ErrorCode,
  normalizePassword,
  type BotRef,
  type Language,
  type LoginBody,
  type RegisterBody,
  type SessionInfo,
} from '@app/contract';
import type { FastifyBaseLogger } from 'fastify';
import { uniqueViolation } from '../../db/dialect.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { AppDeps } from '../../plugins/context.ts';
import { assertClaimable, issueCode, sendCode, type IssuedCode } from '../bots/bot-verification.ts';
import { mayCodeBeSent, trimClaims } from '../bots/id-limits.ts';
import { startingExpirySec } from '../bots/trial.ts';
import {
  createAccountWithBot,
  findAccountByEmail,
  findAccountEmail,
  listBotRefs,
} from './auth.repository.ts';

// @node-rs/argon2 hashes with argon2id by default (m=19 MiB, t=2, p=1: OWASP's baseline).
let dummyHash: Promise<string> | null = null;
/**
 * A hash to verify against when the e-mail is unknown, so "no such account" costs the same time
 * as "wrong password" and the answer does not reveal which e-mails are registered.
 */
function getDummyHash(): Promise<string> {
  dummyHash ??= hash(randomBytes(16).toString('hex'));
  return dummyHash;
}

/**
 * Creates the account with its first bot, pending until the code sent to its messaging-app id
 * is entered. Other accounts' pending claims on that id stay: the first to prove it keeps it
 * (`markVerified`); a registration never removes another account.
 */
export async function register(
  deps: AppDeps,
  log: FastifyBaseLogger,
  body: RegisterBody,
  language: Language,
): Promise<BotRef> {
  const { db } = deps;
  const rule = checkCreateBot({ botid: body.userid, virtual: false });
  if (rule) throw new HttpError(400, rule.key, { userid: rule.key });
  // The schema already trimmed and lower-cased the e-mail.
  if (await findAccountByEmail(db, body.email)) throw new HttpError(409, ErrorCode.userExist);
  // The schema already trimmed the password (normalizePassword), as login does.
  const passwordHash = await hash(body.password);
  // The copy-trading identity starts equal to the bot id (SPEC §3 "Registration").
  const traderid = body.userid;
  const now = deps.now();
  let code: IssuedCode;
  try {
    code = await db.transaction().execute(async (trx) => {
      await assertClaimable(trx, body.userid);
      const botId = await createAccountWithBot(trx, {
        email: body.email,
        passwordHash,
        userid: body.userid,
        traderid,
        now,
        botexp: await startingExpirySec(trx, body.userid, now, deps.trialDays, { proven: false }),
      });
      await trimClaims(trx, body.userid);
      return issueCode(trx, botId, now);
    });
  } catch (err) {
    const violated = uniqueViolation(err);
    if (violated === null) throw err;
    throw new HttpError(409, violated.includes('email') ? ErrorCode.userExist : ErrorCode.botExist);
  }
  // Within the id's allowance of codes (id-limits.ts): a claim beyond it is made, and proven by a
  // tap or a later "Reenviar".
  if ((await mayCodeBeSent(deps, body.userid)) === 0) {
    await sendCode(deps, log, body.userid, code, language);
  }
  return { userid: body.userid, traderid };
}

/**
 * Whether the password matches: trimmed (the one rule, see `normalizePassword`), else as typed,
 * for accounts registered with spaces around their password before registration trimmed too.
 */
export async function passwordMatches(hashed: string, typed: string): Promise<boolean> {
  const password = normalizePassword(typed);
  if (await verify(hashed, password)) return true;
  return password !== typed && (await verify(hashed, typed));
}

/** The account id for these credentials, or 401 — the same answer for either mistake. */
export async function authenticate(deps: AppDeps, body: LoginBody): Promise<number> {
  const account = await findAccountByEmail(deps.db, body.email.trim().toLowerCase());
  const valid = account
    ? await passwordMatches(account.password_hash, body.password)
    : await verify(await getDummyHash(), body.password).then(() => false);
  if (!account || !valid) throw new HttpError(401, ErrorCode.invalidCredentials);
  return account.id;
}

export async function sessionInfo(deps: AppDeps, accountId: number): Promise<SessionInfo> {
  const [email, botIDs] = await Promise.all([
    findAccountEmail(deps.db, accountId),
    listBotRefs(deps.db, accountId),
  ]);
  if (email === null) throw new HttpError(401, ErrorCode.unauthenticated);
  const first = botIDs[0];
  return { email, userid: first?.userid ?? '', traderid: first?.traderid ?? '', botIDs };
}

/** Stores a new password hash for the account (the caller proved the current password). */
export async function setPassword(
  deps: AppDeps,
  accountId: number,
  password: string,
): Promise<void> {
  const passwordHash = await hash(password);
  await deps.db
    .updateTable('accounts')
    .set({ password_hash: passwordHash })
    .where('id', '=', accountId)
    .execute();
}
