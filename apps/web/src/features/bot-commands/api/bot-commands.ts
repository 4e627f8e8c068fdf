import { botsEndpoints, type BotCommand } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** While a command waits for the robot (which polls every second), its status is re-read this often. */
const QUEUED_REFRESH_MS = 2000;

/** The bot's recent commands, newest first as the server lists them. */
export function useRecentBotCommands(userid: string) {
  return useQuery({
    queryKey: queryKeys.botCommands.of(userid),
    queryFn: () => api(botsEndpoints.listBotCommands, { query: { userid } }),
    retry: false,
    refetchInterval: (query) =>
      query.state.data?.some((entry) => entry.status === 'queued') ? QUEUED_REFRESH_MS : false,
  });
}

export function sendBotCommand(body: BotCommand) {
  return api(botsEndpoints.sendBotCommand, { body });
}
