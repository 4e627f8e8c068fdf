import {
  tradingEndpoints,
  TradingStreamEventSchema,
  type QueryOf,
  type TradingStreamEvent,
} from '@app/contract';
import {
  queryOptions,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { api, endpointUrl } from '../../../lib/api.ts';
import { markStream } from '../../../lib/live-streams.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useEventStream } from './live.ts';

/** While the live stream is not open, the trading screens re-read this often. */
export const TRADING_POLL_MS = 5000;
/** After the switch is flipped, the dashboard is re-read this often until the robot applied it. */
export const SWITCH_POLL_MS = 1000;

/** The stream's event names (the SSE `event:` field is the event's `type`). */
const STREAM_EVENT_TYPES = [
  'activity',
  'order',
  'dashboard',
  'bot',
] as const satisfies readonly TradingStreamEvent['type'][];

/** Every trading read of one bot starts with this key, so one live event refreshes them all. */
export const tradingKey = (userid: string) => ['trading', userid] as const;

/**
 * Reads the bot's trading screens again, from now. TanStack joins a first read still in flight
 * instead of starting another (a read with data is cancelled and restarted), and that read may
 * have been answered before what the stream just said: invalidating alone would be lost, and the
 * screen would stay stale while the open stream stops its polling. So such a read is cancelled
 * first (at once: the invalidation below starts the new one).
 */
function readAgain(queryClient: QueryClient, userid: string): void {
  const queryKey = tradingKey(userid);
  void queryClient.cancelQueries({
    queryKey,
    predicate: (query) => query.state.data === undefined && query.state.fetchStatus === 'fetching',
  });
  void queryClient.invalidateQueries({ queryKey });
}

/**
 * The bot's live stream: any event re-reads the bot's trading screens (a `bot` event, the bot
 * verified, its list too). Returns the polling interval to use, `false` while the stream is open.
 *
 * `after` is the first dashboard read's `lastActivityId`: the stream then starts with whatever
 * was written since that read (and resumes from its last event after a drop), so nothing is read
 * twice when it opens. Without it (a screen that has no dashboard read) the stream starts from
 * now, and every opening reads the screen once more: a line written between the first read and
 * that moment would otherwise stay missing while no poll runs.
 */
export function useTradingLive(userid: string, after?: number): number | false {
  const queryClient = useQueryClient();
  const onEvent = useCallback(
    (data: string) => {
      const event = parseEvent(data);
      if (event === null) return;
      if (event.type === 'bot') {
        void queryClient.invalidateQueries({ queryKey: queryKeys.botsManager.all });
      }
      readAgain(queryClient, userid);
    },
    [queryClient, userid],
  );
  const { live } = useEventStream(
    endpointUrl(
      tradingEndpoints.tradingStream,
      after === undefined ? { userid } : { userid, after },
    ),
    STREAM_EVENT_TYPES,
    onEvent,
  );
  useEffect(() => {
    if (live && after === undefined) readAgain(queryClient, userid);
  }, [live, after, queryClient, userid]);
  useEffect(() => {
    if (!live) return undefined;
    markStream(userid, true);
    return () => markStream(userid, false);
  }, [live, userid]);
  return live ? false : TRADING_POLL_MS;
}

/**
 * Where the live stream of `userid` starts: the `lastActivityId` of the dashboard read in the
 * cache when the screen first showed this bot (home's first paint waits for that read), kept
 * while the screen shows it so the stream is not reopened at each read; undefined without one.
 */
export function useStreamStart(userid: string): number | undefined {
  const queryClient = useQueryClient();
  const cached = () =>
    queryClient.getQueryData(tradingDashboardQuery(userid).queryKey)?.lastActivityId;
  const [start, setStart] = useState(() => ({ userid, after: cached() }));
  if (start.userid !== userid) {
    const next = { userid, after: cached() };
    setStart(next);
    return next.after;
  }
  return start.after;
}

function parseEvent(data: string): TradingStreamEvent | null {
  try {
    const parsed = TradingStreamEventSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The bot's dashboard read (home's first paint waits for it: `tradingHomeReads`). */
export function tradingDashboardQuery(userid: string) {
  return queryOptions({
    queryKey: [...tradingKey(userid), 'dashboard'],
    queryFn: () => api(tradingEndpoints.tradingDashboard, { query: { userid } }),
    // Fresh for a poll's length: the dashboard mounting after home's first read (`FirstReads`)
    // does not read it again. Live events and polls re-read it regardless.
    staleTime: TRADING_POLL_MS,
  });
}

export function useTradingDashboard(userid: string, refetchInterval: number | false) {
  return useQuery({ ...tradingDashboardQuery(userid), refetchInterval });
}

export const ACTIVITY_PAGE_SIZE = 50;

export function useTradingActivity(userid: string, refetchInterval: number | false) {
  return useInfiniteQuery({
    queryKey: [...tradingKey(userid), 'activity'],
    queryFn: ({ pageParam }) =>
      api(tradingEndpoints.tradingActivity, {
        query: { userid, limit: ACTIVITY_PAGE_SIZE, cursor: pageParam },
      }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval,
  });
}

export type OrdersFilter = Omit<
  QueryOf<typeof tradingEndpoints.tradingOrders>,
  'userid' | 'cursor' | 'limit'
>;
/** How the CSV is written: the trader's (language, decimal comma, local time) or ISO/UTC. */
export type CsvStyle = Pick<QueryOf<typeof tradingEndpoints.tradingOrdersCsv>, 'format' | 'lang'>;
export const ORDERS_PAGE_SIZE = 50;

export function useTradingOrders(
  userid: string,
  filter: OrdersFilter,
  refetchInterval: number | false,
) {
  return useInfiniteQuery({
    queryKey: [...tradingKey(userid), 'orders', filter],
    queryFn: ({ pageParam }) =>
      api(tradingEndpoints.tradingOrders, {
        query: { userid, ...filter, limit: ORDERS_PAGE_SIZE, cursor: pageParam },
      }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval,
  });
}

/** The CSV export of the same filters (a plain download link, the session cookie goes along). */
export function ordersCsvUrl(userid: string, filter: OrdersFilter, style: CsvStyle): string {
  return endpointUrl(tradingEndpoints.tradingOrdersCsv, { userid, ...filter, ...style });
}

export type ChartRange = QueryOf<typeof tradingEndpoints.tradingChart>['range'];

export function useTradingChart(
  userid: string,
  range: ChartRange,
  refetchInterval: number | false,
) {
  return useQuery({
    queryKey: [...tradingKey(userid), 'chart', range],
    queryFn: () => api(tradingEndpoints.tradingChart, { query: { userid, range } }),
    refetchInterval,
  });
}

export const LATENCY_SIGNALS = 20;

export function useTradingLatency(userid: string, refetchInterval: number | false) {
  return useQuery({
    queryKey: [...tradingKey(userid), 'latency'],
    queryFn: () =>
      api(tradingEndpoints.tradingLatency, { query: { userid, limit: LATENCY_SIGNALS } }),
    refetchInterval,
  });
}
