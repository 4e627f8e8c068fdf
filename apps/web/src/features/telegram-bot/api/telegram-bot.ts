import { telegramBotEndpoints, type TelegramKinds } from '@app/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * A pending bot's one-time "Verificar no Telegram" link (null without an operator bot). Each
 * read makes a fresh token on the server, so it is read once per screen and kept.
 */
export function useVerifyLink(userid: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.telegramBot.of('verify-link', userid),
    queryFn: () => api(telegramBotEndpoints.telegramVerifyLink, { body: { userid } }),
    enabled: enabled && userid !== '',
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}

/** The bot's notification switches and whether its chat can be reached. */
export function useTelegramNotifications(userid: string) {
  return useQuery({
    queryKey: queryKeys.telegramBot.of('notifications', userid),
    queryFn: () => api(telegramBotEndpoints.telegramNotifications, { query: { userid } }),
    enabled: userid !== '',
    retry: false,
  });
}

export function useSaveTelegramNotifications(userid: string) {
  const queryClient = useQueryClient();
  return async (kinds: TelegramKinds) => {
    await api(telegramBotEndpoints.saveTelegramNotifications, { body: { userid, kinds } });
    await queryClient.invalidateQueries({
      queryKey: queryKeys.telegramBot.of('notifications', userid),
    });
  };
}
