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
import { useCallback, useEffect } from 'react';
import { api, endpointUrl } from '../../../lib/api.ts';
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
 * The bot's live stream: any event re-reads the bot's trading screens. Returns the polling
 * interval to use, `false` while the stream is open.
 */
export function useTradingLive(userid: string): number | false {
  const queryClient = useQueryClient();
  const onEvent = useCallback(
    (data: string) => {
      const event = parseEvent(data);
      if (event === null) return;
      readAgain(queryClient, userid);
    },
    [queryClient, userid],
  );
  const { live } = useEventStream(
    endpointUrl(tradingEndpoints.tradingStream, { userid }),
    STREAM_EVENT_TYPES,
    onEvent,
  );
  // The stream pushes what happens after it opens: a line written between the screen's first
  // read and that moment would stay missing while no poll runs. Read once more on every opening
  // (the first, and each reconnection after a drop).
  useEffect(() => {
    if (live) readAgain(queryClient, userid);
  }, [live, queryClient, userid]);
  return live ? false : TRADING_POLL_MS;
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
