import { panelConfigEndpoints } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api.ts';

/** The server's panel configuration (the same query as home's and the broker flags'). */
const panelConfigQuery = queryOptions({
  queryKey: ['panel-config'],
  queryFn: () => api(panelConfigEndpoints.panelConfig),
  staleTime: Infinity,
  retry: false,
});

/**
 * The operator's Telegram bot's @username (TELEGRAM_BOT_TOKEN), or null when there is none (or
 * not yet known): the "Verificar no Telegram" and "get your id" links open it.
 */
export function useTelegramBotName(): string | null {
  return useQuery(panelConfigQuery).data?.telegramBot ?? null;
}
