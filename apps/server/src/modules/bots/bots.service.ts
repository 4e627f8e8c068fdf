import {
  botRemoveRefusal,
  ErrorCode,
  isVirtualBotIdOf,
  type Bot,
  type Language,
  type NewBot,
} from '@app/contract';
import { uniqueViolation } from '../../db/dialect.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { AppDeps } from '../../plugins/context.ts';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { assertClaimable, issueCode, sendCode, type IssuedCode } from './bot-verification.ts';
import { assertPendingRoom, chargeBotCreation, mayCodeBeSent, trimClaims } from './id-limits.ts';
import { accountBots, accountEmail, deleteBot, insertBot } from './bots.repository.ts';
import { paidBotIds, rememberRemovedExpiry, startingExpirySec } from './trial.ts';

/** Whether a bot's expiry is its free trial: one is set and no paid purchase covered the bot. */
function onTrial(bot: { id: number; botexp: number }, paid: Set<number>): boolean {
  return bot.botexp > 0 && !paid.has(bot.id);
}

/** Every bot of the account, in creation order. */
export async function listBots(deps: AppDeps, accountId: number): Promise<Bot[]> {
  const bots = await accountBots(deps.db, accountId);
  const paid = await paidBotIds(deps.db, accountId);
  return bots.map((b) => ({
    email: b.email,
    userid: b.userid,
    botexp: b.botexp,
    virtual: b.virtual,
    verified: b.verified,
    trial: onTrial(b, paid),
    ...(b.takenBackAt !== undefined ? { takenBackAt: b.takenBackAt } : {}),
  }));
}

/**
 * Creates a bot in the caller's account. A messaging-app bot takes the id the trader entered (one
 * a messaging-app user could hold) and waits, pending, for its code; other accounts' pending
 * claims on that id are left alone. A virtual bot's id must be a derivation
 * (`virtualBotIdCandidates`) of one of the account's own VERIFIED messaging-app bots, and no
 * account may have claimed it. The body's e-mail is ignored: a bot carries its account's.
 * An account creates at most ID_LIMITS.botsAddedPerHour bots an hour and holds at most
 * `pendingPerAccount` pending ones; an id keeps its `pendingPerId` newest claims; the code is
 * sent within the id's own allowance of codes (id-limits.ts).
 */
export async function addBot(
  deps: AppDeps,
  log: FastifyBaseLogger,
  reply: FastifyReply,
  accountId: number,
  body: NewBot,
  language: Language,
): Promise<void> {
  await chargeBotCreation(deps, reply, accountId);
  const now = deps.now();
  let code: IssuedCode | null;
  try {
    code = await deps.db.transaction().execute(async (trx) => {
      if (body.virtual) {
        const sources = (await accountBots(trx, accountId)).filter(
          (b) => !b.virtual && isVirtualBotIdOf(body.botid, b.userid),
        );
        if (sources.length === 0) {
          throw new HttpError(400, ErrorCode.invalidParams, { botid: ErrorCode.invalidParams });
        }
        if (!sources.some((s) => s.verified)) {
          throw new HttpError(400, ErrorCode.virtualSourceUnverified, {
            botid: ErrorCode.virtualSourceUnverified,
          });
        }
      }
      await assertClaimable(trx, body.botid, accountId);
      if (!body.virtual) await assertPendingRoom(trx, accountId);
      const botId = await insertBot(trx, {
        accountId,
        userid: body.botid,
        virtual: body.virtual,
        email: await accountEmail(trx, accountId),
        now,
        botexp: await startingExpirySec(trx, body.botid, now, deps.trialDays, {
          proven: body.virtual,
        }),
      });
      if (body.virtual) return null;
      await trimClaims(trx, body.botid);
      return issueCode(trx, botId, now);
    });
  } catch (err) {
    // Two requests raced past the check: the unique indexes decide.
    if (uniqueViolation(err) !== null) throw new HttpError(409, ErrorCode.botExist);
    throw err;
  }
  if (code !== null && (await mayCodeBeSent(deps, body.botid)) === 0) {
    await sendCode(deps, log, body.botid, code, language);
  }
}

/**
 * Removes a bot of the caller's account (ownership checked by the pipeline), unless the shared
 * rule refuses: a messaging-app bot with a paid expiry ahead (a trial is not paid), or the
 * account's last bot.
 */
export async function removeBot(deps: AppDeps, accountId: number, userid: string): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const bots = await accountBots(trx, accountId, deps.dialect);
    const bot = bots.find((b) => b.userid === userid);
    // Removed in between: no longer yours, the pipeline's answer.
    if (!bot) throw new HttpError(403, ErrorCode.forbidden);
    const nowSec = Math.floor(deps.now() / 1000);
    const trial = onTrial(bot, await paidBotIds(trx, accountId));
    if (botRemoveRefusal({ ...bot, trial }, bots.length, nowSec) !== null) {
      throw new HttpError(409, ErrorCode.cannotRemoveBot);
    }
    await rememberRemovedExpiry(trx, bot, deps.now());
    await deleteBot(trx, bot.id);
  });
}
