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

export function channelsRoutes(app: FastifyInstance): void {
  const ok = { ok: true as const };
  route(app, endpoints.getChatList, ({ query }) =>
    getChatList(app.deps, app.reader.deps, query.userid, query.traderid),
  );
  route(app, endpoints.saveChatList, async ({ query, body }) => {
    for (const choice of body) requireSameBot(query.userid, choice.userid);
    await saveChatList(app.deps, app.reader.deps, query.userid, body);
    return ok;
  });
  route(app, endpoints.updateChatList, async ({ body }) => {
    await updateChatList(app.deps, app.reader.deps, body.userid);
    return ok;
  });
  route(app, endpoints.getGroups, ({ query }) => getGroups(app.deps, query.userid, query.traderid));
  route(app, endpoints.saveGroup, async ({ body }) => {
    await saveGroup(app.deps, body);
    return ok;
  });
  route(app, endpoints.removeChannel, async ({ body }) => {
    await removeGroup(app.deps, body.userid, body.idNum);
    return ok;
  });
  route(app, endpoints.copyRooms, async ({ body }) => {
    await copyRooms(app.deps, body.userid, body.traderid);
    return ok;
  });
}
