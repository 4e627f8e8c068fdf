import { proxyEndpoints, type Proxy } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The bot's proxy without its password (`hasPassword` says whether one is stored). */
export function useProxy(userid: string) {
  return useQuery({
    queryKey: queryKeys.proxy.of(userid),
    queryFn: () => api(proxyEndpoints.getProxy, { query: { userid } }),
    retry: false,
  });
}

export function saveProxy(body: Proxy) {
  return api(proxyEndpoints.saveProxy, { body });
}
