import { endpoints, type ResponseOf, type TradingStreamEvent } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { coalesce } from '../../lib/coalesce.ts';
import { botIdOf } from '../../lib/owned-bot.ts';
import { route } from '../../plugins/route.ts';
import { runtimeDepsOf } from '../../robot/runtime.ts';
import {
  activityAfter,
  cancelNextEntry,
  ordersCsv,
  readActivity,
  readChart,
  readDashboard,
  readLatency,
  readOrders,
} from './trading.service.ts';

/** A stream re-reads the feed this often even without news (a worker process wrote it). */
export const STREAM_POLL_MS = 2_000;
/** A comment line keeps proxies from closing an idle stream. */
export const STREAM_PING_MS = 15_000;

export function tradingRoutes(app: FastifyInstance): void {
  const rt = runtimeDepsOf(app.deps, app.log);
  // Open streams, ended when the app closes (else close would wait for every browser).
  const streams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of [...streams]) end();
  });

  route(app, endpoints.tradingDashboard, ({ query }) => readDashboard(app.deps, rt, query.userid));
  route(app, endpoints.tradingActivity, ({ query }) => readActivity(app.deps, query));
  route(app, endpoints.cancelEntry, async ({ body }) => {
    const outcome = await cancelNextEntry(app.deps, body.userid, body.signalId);
    app.robotEvents.emit('queued');
    return { outcome };
  });
  route(app, endpoints.tradingOrders, ({ query }) => readOrders(app.deps, query));
  route(app, endpoints.tradingChart, ({ query }) => readChart(app.deps, query));
  route(app, endpoints.tradingLatency, ({ query }) => readLatency(app.deps, query));

  route(app, endpoints.tradingOrdersCsv, async ({ query, reply }) => {
    const csv = await ordersCsv(app.deps, query);
    void reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="orders-${query.userid}.csv"`);
    // Sent as is: the response schema (a string) would otherwise JSON-quote it.
    reply.serializer((body: unknown) => String(body));
    return csv;
  });

  /**
   * Server-sent events of one bot (owner checked by the route pipeline like every call): feed
   * items after `Last-Event-ID` (or from now), pushed when the runtime reports a change and
   * re-read every STREAM_POLL_MS for changes made by other processes.
   */
  route(app, endpoints.tradingStream, async ({ query, req, reply }) => {
    const botId = await botIdOf(app.deps, query.userid);
    const lastHeader = Number(req.headers['last-event-id']);
    let lastId = Number.isInteger(lastHeader) && lastHeader > 0 ? lastHeader : 0;
    if (lastId === 0) {
      const newest = await app.deps.db
        .selectFrom('activity')
        .select((eb) => eb.fn.max('id').as('id'))
        .where('bot_id', '=', botId)
        .executeTakeFirst();
      lastId = newest?.id == null ? 0 : Number(newest.id);
    }
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    raw.write('retry: 3000\n\n');

    let closed = false;
    const send = (event: TradingStreamEvent, id?: number): void => {
      raw.write(
        `${id === undefined ? '' : `id: ${id}\n`}event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`,
      );
    };
    // One read at a time; a change told during a read is read right after it, not at the next
    // poll (the read under way may have run before that change was committed).
    const flush = coalesce(async (): Promise<void> => {
      if (closed) return;
      try {
        const items = await activityAfter(app.deps.db, botId, query.userid, lastId);
        if (closed) return;
        for (const item of items) {
          send({ type: 'activity', item }, item.id);
          lastId = item.id;
        }
        if (items.length > 0) send({ type: 'dashboard', userid: query.userid });
      } catch (err) {
        app.log.error(
          { err: err instanceof Error ? err.message : String(err) },
          'stream read failed',
        );
      }
    });
    const onChange = (changed: number): void => {
      if (changed === botId) void flush();
    };
    app.robotEvents.on('change', onChange);
    const poll = setInterval(() => void flush(), STREAM_POLL_MS);
    const ping = setInterval(() => raw.write(': ping\n\n'), STREAM_PING_MS);
    poll.unref();
    ping.unref();
    const close = (): void => {
      if (closed) return;
      closed = true;
      clearInterval(poll);
      clearInterval(ping);
      app.robotEvents.off('change', onChange);
      streams.delete(end);
    };
    const end = (): void => {
      close();
      raw.end();
    };
    streams.add(end);
    req.raw.on('close', close);
    await flush();
    // A client that did not ask for an event stream (no `Accept: text/event-stream`, which every
    // EventSource sends) gets what is new since Last-Event-ID and the end: one poll.
    if (!String(req.headers.accept ?? '').includes('text/event-stream')) end();
    return undefined as unknown as ResponseOf<typeof endpoints.tradingStream>;
  });
}
