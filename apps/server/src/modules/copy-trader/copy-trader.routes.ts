import { endpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.ts';
import {
  acceptedFollowerCards,
  copyFollowCards,
  saveCopyFollowSettings,
} from './copy-trader.repository.ts';
import {
  answerRequest,
  listIncomingRequests,
  listOwnFollows,
  readTraderInfo,
  removeFollows,
  requestFollow,
  writeTraderInfo,
} from './copy-trader.service.ts';

const ok = { ok: true as const };

/**
 * Copy trader (SPEC §2 "Copy trader…") and the request lifecycle both products share.
 * Rows naming another bot declare their `relation` in the contract; `route()` checks it and hands
 * the relationship rows over as `follows`.
 */
export function copyTraderRoutes(app: FastifyInstance): void {
  const { deps } = app;

  // Trader side.
  route(app, endpoints.getTraderInfo, ({ query, botId }) =>
    readTraderInfo(deps, { id: botId, userid: query.userid }),
  );
  route(app, endpoints.saveTraderInfo, async ({ body, botId }) => {
    await writeTraderInfo(deps, botId, body);
    return ok;
  });
  route(app, endpoints.getFollowers, async ({ botId }) =>
    (await acceptedFollowerCards(deps.db, botId, 'copy')).map((f) => ({
      ...f,
      expCopy: Number(f.expCopy),
    })),
  );
  route(app, endpoints.removeFollower, async ({ follows }) => {
    // Either side may end it; when the two bots follow each other, the caller removes its
    // follower (the trader's Remover on /followerscopy), never both relationships at once.
    const asTrader = follows.filter((f) => f.role === 'trader');
    await removeFollows(deps, asTrader.length > 0 ? asTrader : follows);
    return ok;
  });
  route(app, endpoints.getIncomingRequests, ({ botId }) => listIncomingRequests(deps, botId));
  route(app, endpoints.answerRequest, async ({ body, follows }) => {
    // The row names its product, so the check found exactly that relationship.
    await answerRequest(deps, follows[0]!, body.accept);
    return ok;
  });

  // Follower side.
  route(app, endpoints.requestCopy, async ({ body, botId }) => {
    await requestFollow(deps, 'copy', { id: botId, userid: body.userid }, body);
    return ok;
  });
  route(app, endpoints.getOwnFollows, ({ botId }) => listOwnFollows(deps, botId));
  route(app, endpoints.getFollowedTraders, ({ query, botId }) =>
    copyFollowCards(deps.db, { id: botId, userid: query.userid }),
  );
  route(app, endpoints.saveFollowedTrader, async ({ body, follows }) => {
    await saveCopyFollowSettings(deps.db, follows[0]!.id, body, deps.now());
    return ok;
  });
  route(app, endpoints.removeFollowedTrader, async ({ follows }) => {
    await removeFollows(deps, follows);
    return ok;
  });
}
