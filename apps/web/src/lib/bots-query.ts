import { botsEndpoints, type ResponseOf } from '@app/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api.ts';
import { queryKeys } from './query-keys.ts';

type Bots = ResponseOf<typeof botsEndpoints.getBots>;

/**
 * The account's bots, as every part of home reads them (its first paint, the expiry line, the
 * pending bot's notice, the first-run checklist): one query, one cache entry, one request per
 * screen. The live stream says when a bot was verified (a `bot` event); it is read again then.
 */
export function botsQuery(userid: string) {
  return queryOptions({
    queryKey: queryKeys.botsManager.of(userid),
    queryFn: () => api(botsEndpoints.getBots, { query: { userid } }),
    enabled: userid !== '',
    retry: false,
    // A part mounting after home's first read (`FirstReads`) does not read it again.
    staleTime: 30_000,
  });
}

/** Whether `userid` is one of `bots` still waiting to be verified (a messaging-app bot). */
export function isPendingBot(bots: Bots | undefined, userid: string): boolean {
  const current = bots?.find((b) => b.userid === userid);
  return current !== undefined && current.verified === false && !current.virtual;
}
