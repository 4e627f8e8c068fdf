import type { MetaTraderRecord } from '@app/contract';
import { HttpError } from '../../lib/http-error.ts';
import { ErrorCode } from '@app/contract';
import type { AppDeps, FollowMatch } from '../../plugins/context.ts';
import { findFollow, listMetaRecords } from '../copy-trader/copy-trader.repository.ts';
import type { OwnBot } from '../copy-trader/copy-trader.service.ts';

/**
 * The trader's MetaCopy records. Before the first save the screen gets one record named after the
 * bot itself (its own MetaCopy settings, off), so `/tradermetaconfig` always has a card to save.
 */
export async function metaRecords(deps: AppDeps, bot: OwnBot): Promise<MetaTraderRecord[]> {
  const rows = await listMetaRecords(deps.db, bot.id);
  if (rows.length === 0) {
    return [
      {
        traderid: bot.userid,
        traderEna: false,
        maxTrades: 0,
        signalType: 7,
        delaysig: 0,
        brokerID: 0,
        anticipation: 0,
        userid: bot.userid,
      },
    ];
  }
  return rows.map((r) => ({ ...r, userid: bot.userid }));
}

/** `/getmetainfo`: the follower's id and the expiry its trader set (the Info popover). */
export async function metaInfo(
  deps: AppDeps,
  follow: FollowMatch,
): Promise<{ userid: string; expCopy: number }> {
  const row = await findFollow(deps.db, follow.id);
  // Removed between the check and this read: as if it never existed.
  if (!row) throw new HttpError(403, ErrorCode.forbidden);
  return { userid: row.followerUserid, expCopy: Number(row.exp_copy) };
}
