import { endpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.ts';
import { listRecentCommands, queueCommand } from './bot-commands.service.ts';

export function botCommandsRoutes(app: FastifyInstance): void {
  route(app, endpoints.sendBotCommand, async ({ body, deps }) => {
    app.robotEvents.emit('queued', await queueCommand(deps, body));
    return { ok: true as const };
  });
  route(app, endpoints.listBotCommands, ({ query, deps }) =>
    listRecentCommands(deps, query.userid),
  );
}
