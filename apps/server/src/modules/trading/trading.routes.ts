import { endpoints, ErrorCode, type ResponseOf, type TradingStreamEvent } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { coalesce } from '../../lib/coalesce.ts';
import { HttpError } from '../../lib/http-error.ts';
import { addressKey } from '../../lib/throttle-policy.ts';
import { StreamHub, type HubStream } from '../../plugins/stream-hub.ts';
import { botIdOf } from '../../lib/owned-bot.ts';
import { route } from '../../plugins/route.ts';
import { runtimeDepsOf } from '../../robot/runtime.ts';
import { readChannelResults } from './channel-results.ts';
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

/** The hub's shared loop looks for news (a worker process wrote it) and ended sessions this often. */
export const STREAM_POLL_MS = 2_000;
/** A comment line keeps proxies from closing an idle stream. */
export const STREAM_PING_MS = 15_000;

export function tradingRoutes(app: FastifyInstance): void {
  const rt = runtimeDepsOf(app.deps, app.log);
  // Every open stream, fed from one loop and ended when its session ends or the app closes
  // (else close would wait for every browser).
  const hub = new StreamHub(app, STREAM_POLL_MS);
  app.decorate('streamHub', hub);
  app.addHook('preClose', async () => {
    hub.endAll();
  });
  app.robotEvents.on('change', (changed: number) => hub.changed(changed));
  app.robotEvents.on('verified', (verified: number) => hub.botChanged(verified));
  app.robotEvents.on('sessions-ended', () => void hub.sessionsEnded());

  route(app, endpoints.tradingDashboard, async ({ query, deps, botId }) => {
    // Before the figures: whatever is written after this id, the stream opened with it sends.
    const lastActivityId = await newestActivityId(deps.db, botId);
    return { ...(await readDashboard(deps, rt, query.userid)), lastActivityId };
  });
  route(app, endpoints.tradingActivity, ({ query, deps }) => readActivity(deps, query));
  route(app, endpoints.cancelEntry, async ({ body, deps }) => {
    const outcome = await cancelNextEntry(deps, body.userid, body.signalId);
    app.robotEvents.emit('queued');
    return { outcome };
  });
  route(app, endpoints.tradingOrders, ({ query, deps }) => readOrders(deps, query));
  route(app, endpoints.tradingChannelResults, ({ query, deps }) => readChannelResults(deps, query));
  route(app, endpoints.tradingChart, ({ query, deps }) => readChart(deps, query));
  route(app, endpoints.tradingLatency, ({ query, deps }) => readLatency(deps, query));

  route(app, endpoints.tradingOrdersCsv, async ({ query, reply, deps }) => {
    const csv = await ordersCsv(deps, query);
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
   * when the hub's shared loop sees news written by another process. At most
   * STREAMS_PER_SESSION per session and STREAMS_PER_ADDRESS per address (429); each ends with
   * its session.
   */
  route(app, endpoints.tradingStream, async ({ query, session, req, reply, deps }) => {
    if (hub.refusal(session.id, req.ip) !== null) {
      void reply.header('retry-after', String(STREAM_POLL_MS / 1000));
      throw new HttpError(429, ErrorCode.rateLimited);
    }
    const botId = await botIdOf(deps, query.userid);
    // Where the feed resumes: the browser's reconnection (`Last-Event-ID`), else the first
    // read's `after`, else from now.
    const lastHeader = Number(req.headers['last-event-id']);
    let lastId =
      Number.isInteger(lastHeader) && lastHeader > 0
        ? lastHeader
        : (query.after ?? (await newestActivityId(deps.db, botId)));
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
    // tick (the read under way may have run before that change was committed).
    const flush = coalesce(async (): Promise<void> => {
      if (closed) return;
      try {
        const items = await activityAfter(deps.db, botId, query.userid, lastId);
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
    const ping = setInterval(() => raw.write(': ping\n\n'), STREAM_PING_MS);
    ping.unref();
    const stream: HubStream = {
      botChanged: () => send({ type: 'bot', userid: query.userid }),
      sessionId: session.id,
      address: addressKey(req.ip),
      botId,
      lastId: () => lastId,
      flush: () => void flush(),
      end: () => {
        close();
        raw.end();
      },
    };
    function close(): void {
      if (closed) return;
      closed = true;
      clearInterval(ping);
      hub.remove(stream);
    }
    hub.add(stream);
    req.raw.on('close', close);
    await flush();
    // A client that did not ask for an event stream (no `Accept: text/event-stream`, which every
    // EventSource sends) gets what is new since Last-Event-ID and the end: one poll.
    if (!String(req.headers.accept ?? '').includes('text/event-stream')) stream.end();
    return undefined as unknown as ResponseOf<typeof endpoints.tradingStream>;
  });
}

/** The bot's newest activity id, 0 when it has none. */
async function newestActivityId(db: Kysely<Database>, botId: number): Promise<number> {
  const newest = await db
    .selectFrom('activity')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('bot_id', '=', botId)
    .executeTakeFirst();
  return newest?.id == null ? 0 : Number(newest.id);
}
