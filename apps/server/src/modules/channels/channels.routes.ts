import { endpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { requireSameBot } from '../../lib/owned-bot.ts';
import { route } from '../../plugins/route.ts';
import {
  copyRooms,
  getChatList,
  getGroups,
  removeGroup,
  saveChatList,
  saveGroup,
  updateChatList,
} from './channels.service.ts';
import { getChannelDoubts, saveVocabulary, vocabularyImpactOf } from './vocabulary.service.ts';

export function channelsRoutes(app: FastifyInstance): void {
  const ok = { ok: true as const };
  route(app, endpoints.getChatList, ({ query, deps }) =>
    getChatList(deps, app.reader.deps, query.userid, query.traderid),
  );
  route(app, endpoints.saveChatList, async ({ query, body, deps }) => {
    for (const choice of body) requireSameBot(query.userid, choice.userid);
    await saveChatList(deps, app.reader.deps, query.userid, body);
    return ok;
  });
  route(app, endpoints.updateChatList, async ({ body, deps }) => {
    await updateChatList(deps, app.reader.deps, body.userid);
    return ok;
  });
  route(app, endpoints.getGroups, ({ query, deps }) =>
    getGroups(deps, query.userid, query.traderid),
  );
  route(app, endpoints.saveGroup, async ({ body, deps }) => {
    await saveGroup(deps, body);
    return ok;
  });
  route(app, endpoints.saveVocabulary, async ({ body, deps }) => {
    await saveVocabulary(deps, body);
    return ok;
  });
  route(app, endpoints.vocabularyImpact, ({ body, deps }) => vocabularyImpactOf(deps, body));
  route(app, endpoints.getChannelDoubts, ({ query, deps }) => getChannelDoubts(deps, query.userid));
  route(app, endpoints.removeChannel, async ({ body, deps }) => {
    await removeGroup(deps, body.userid, body.idNum);
    return ok;
  });
  route(app, endpoints.copyRooms, async ({ body, deps }) => {
    await copyRooms(deps, body.userid, body.traderid);
    return ok;
  });
}
