import { endpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.ts';
import {
  createInboxChannel,
  listInboxChannels,
  postInboxMessage,
  removeInboxChannel,
} from './inbox.service.ts';

export function inboxRoutes(app: FastifyInstance): void {
  route(app, endpoints.listInboxChannels, ({ query, deps }) =>
    listInboxChannels(deps, query.userid),
  );
  route(app, endpoints.createInboxChannel, ({ body, deps }) =>
    createInboxChannel(deps, body.userid, body.name),
  );
  route(app, endpoints.removeInboxChannel, async ({ body, deps }) => {
    await removeInboxChannel(deps, body.userid, body.idNum);
    return { ok: true as const };
  });
  route(app, endpoints.postInboxMessage, async ({ body, deps }) => {
    const messageId = await postInboxMessage(deps, body.userid, body.idNum, body.text);
    app.reader.wake();
    return { messageId };
  });
}
