import { botsEndpoints, type NewBot } from '@app/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Every bot of the account (the server answers for the account that owns `userid`). */
export function useAccountBots(userid: string) {
  return useQuery({
    queryKey: queryKeys.botsManager.of(userid),
    queryFn: () => api(botsEndpoints.getBots, { query: { userid } }),
    retry: false,
    // A pending bot can be verified by a tap in Telegram: read again until none is pending.
    refetchInterval: (q) => (q.state.data?.some((b) => !b.verified) ? 3000 : false),
  });
}

export function addBot(body: NewBot) {
  return api(botsEndpoints.addBot, { body });
}

/** Confirms a pending messaging-app bot with the code sent to its id. */
export function verifyBot(userid: string, code: string) {
  return api(botsEndpoints.verifyBot, { body: { userid, code } });
}

/** Sends a pending bot a new code (the server allows one a minute). */
export function resendBotCode(userid: string) {
  return api(botsEndpoints.resendBotCode, { body: { userid } });
}

/** SPEC keeps removal a GET with the bot id in the query (the server still checks Origin). */
export function removeBot(userid: string) {
  return api(botsEndpoints.removeBot, { query: { userid } });
}

/**
 * After a bot was created or removed: re-read the session first (it stores botIDs and, when the
 * current bot is gone, switches to the first one), then the list, under the possibly new bot.
 */
export function useRefreshBots(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: queryKeys.session.all });
    await queryClient.invalidateQueries({ queryKey: queryKeys.botsManager.all });
  }, [queryClient]);
}
