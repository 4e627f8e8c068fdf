import { endpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.ts';
import {
  acceptedFollowerCards,
  metaFollowCards,
  saveMetaFollowSettings,
  saveMetaRecord,
  setExpiry,
} from '../copy-trader/copy-trader.repository.ts';
import { removeFollows, requestFollow } from '../copy-trader/copy-trader.service.ts';
import { metaInfo, metaRecords } from './meta-copy.service.ts';

const ok = { ok: true as const };

/**
 * MetaCopy (SPEC §2 "Trader MetaCopy…", "Followers list", "Follower MetaCopy…"), on the
 * follow relationships of copy-trader's repository with product 'meta'. `/updateexpcopy` serves
 * both follower lists (its `product` names the relationship).
 */
export function metaCopyRoutes(app: FastifyInstance): void {
  const { deps } = app;

  // Trader side.
  route(app, endpoints.getMetaRecords, ({ query, botId }) =>
    metaRecords(deps, { id: botId, userid: query.userid }),
  );
  route(app, endpoints.saveMetaRecord, async ({ body, botId }) => {
    await saveMetaRecord(deps.db, botId, body, deps.now());
    return ok;
  });
  route(app, endpoints.getMetaFollowers, async ({ botId }) =>
    (await acceptedFollowerCards(deps.db, botId, 'meta')).map((f) => ({
      id: f.id,
      name: f.name,
      expCopy: Number(f.expCopy),
    })),
  );
  route(app, endpoints.getMetaInfo, ({ follows }) => metaInfo(deps, follows[0]!));
  route(app, endpoints.updateExpiry, async ({ body, follows }) => {
    await setExpiry(
      deps.db,
      follows.map((f) => f.id),
      body.expCopy,
      deps.now(),
    );
    return ok;
  });
  route(app, endpoints.removeMetaFollower, async ({ follows }) => {
    await removeFollows(deps, follows);
    return ok;
  });

  // Follower side.
  route(app, endpoints.requestMeta, async ({ body, botId }) => {
    await requestFollow(deps, 'meta', { id: botId, userid: body.userid }, body);
    return ok;
  });
  route(app, endpoints.getMetaFollowSettings, ({ query, botId }) =>
    metaFollowCards(deps.db, { id: botId, userid: query.userid }),
  );
  route(app, endpoints.saveMetaFollowSetting, async ({ body, follows }) => {
    await saveMetaFollowSettings(deps.db, follows[0]!.id, body, deps.now());
    return ok;
  });
  route(app, endpoints.removeMetaRecord, async ({ follows }) => {
    await removeFollows(deps, follows);
    return ok;
  });
}
