import {
  defaultTraderInfo,
  ErrorCode,
  Msg,
  type CopyProduct,
  type FollowRequest,
  type IncomingRequest,
  type OwnFollow,
  type TraderInfo,
} from '@app/contract';
import { fromDbBool } from '../../db/dialect.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { AppDeps } from '../../plugins/context.ts';
import type { FollowMatch } from '../../plugins/context.ts';
import {
  createFollowRequest,
  decideRequest,
  deleteFollows,
  findBotIdByUserid,
  findTraderSettings,
  incomingRequests,
  isExpired,
  ownFollows,
  saveTraderSettings,
} from './copy-trader.repository.ts';

/**
 * Copy trading and MetaCopy rules that are not "who may" (the contract's `relation` and `route()`
 * decide that): requests, answers, removal, and the trader side's settings.
 */

export interface OwnBot {
  id: number;
  userid: string;
}

export async function readTraderInfo(deps: AppDeps, bot: OwnBot): Promise<TraderInfo> {
  const row = await findTraderSettings(deps.db, bot.id);
  if (!row) return defaultTraderInfo(bot.userid);
  return {
    copyTraderEn: fromDbBool(row.copy_trader_en),
    signalType: row.signal_type as TraderInfo['signalType'],
    delaysig: row.delaysig,
    brokerID: row.broker_id as TraderInfo['brokerID'],
    candleColor: row.candle_color as TraderInfo['candleColor'],
    timeframe: row.timeframe,
    paresFilter: row.pares_filter,
    stakeMin: row.stake_min,
    userid: bot.userid,
  };
}

export async function writeTraderInfo(deps: AppDeps, botId: number, info: TraderInfo) {
  await saveTraderSettings(deps.db, botId, info, deps.now());
}

/**
 * The name a follower gives in its request: trimmed; on `/copyrequest` only letters and digits
 * are kept (SPEC §5), enforced here too so a script cannot store what the screen would not.
 */
export function requestName(product: CopyProduct, userName: string): string {
  const trimmed = userName.trim();
  return product === 'copy' ? trimmed.replace(/[^\p{L}\p{N}]/gu, '') : trimmed;
}

/**
 * A follower bot asks to follow the bot whose userid is `traderid`: a pending request
 * the trader accepts or refuses. Refusals, in order: no name left ('Preencha Trader ID e Nome'),
 * the bot itself (400), no such bot (404, as `/copyid` answers: a trader id is handed out to be
 * followed), already a request or relationship of that product in any state (409).
 */
export async function requestFollow(
  deps: AppDeps,
  product: CopyProduct,
  follower: OwnBot,
  body: FollowRequest,
): Promise<void> {
  const name = requestName(product, body.userName);
  if (name === '')
    throw new HttpError(400, Msg.copyRequest.fill, { userName: Msg.copyRequest.fill });
  if (body.traderid === follower.userid) {
    throw new HttpError(400, ErrorCode.followSelf, { traderid: ErrorCode.followSelf });
  }
  const traderBotId = await findBotIdByUserid(deps.db, body.traderid);
  if (traderBotId === undefined) {
    throw new HttpError(404, ErrorCode.followUnknownTrader, {
      traderid: ErrorCode.followUnknownTrader,
    });
  }
  const created = await createFollowRequest(deps.db, {
    product,
    followerBotId: follower.id,
    traderBotId,
    name,
    now: deps.now(),
  });
  if (!created) throw new HttpError(409, ErrorCode.followAlreadyRequested);
}

export async function listIncomingRequests(
  deps: AppDeps,
  traderBotId: number,
): Promise<IncomingRequest[]> {
  const rows = await incomingRequests(deps.db, traderBotId);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    product: r.product,
    requestedAt: r.requested_at,
  }));
}

/**
 * The trader's answer. Answering again the same way is a no-op (a double click); changing an
 * answer already given is refused (409): to end an accepted follow, remove it.
 */
export async function answerRequest(
  deps: AppDeps,
  follow: FollowMatch,
  accept: boolean,
): Promise<void> {
  const target = accept ? 'accepted' : 'refused';
  if (follow.state === target) return;
  if (
    follow.state !== 'pending' ||
    !(await decideRequest(deps.db, follow.id, target, deps.now()))
  ) {
    throw new HttpError(409, ErrorCode.followAlreadyAnswered);
  }
}

export async function listOwnFollows(deps: AppDeps, followerBotId: number): Promise<OwnFollow[]> {
  const now = deps.now();
  const rows = await ownFollows(deps.db, followerBotId);
  return rows.map((r) => {
    const expCopy = Number(r.exp_copy);
    return {
      traderid: r.traderid,
      product: r.product,
      state: r.state,
      expCopy,
      expired: r.state === 'accepted' && isExpired(expCopy, now),
      requestedAt: r.requested_at,
      decidedAt: r.decided_at,
    };
  });
}

/** Ends the relationships the route's relation check found (either side may). */
export async function removeFollows(deps: AppDeps, follows: readonly FollowMatch[]) {
  await deleteFollows(
    deps.db,
    follows.map((f) => f.id),
  );
}
