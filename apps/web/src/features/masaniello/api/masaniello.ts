import { strategiesEndpoints, type MasanielloParams } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The bot's Masaniello params (SPEC §7 `GET /masaparams`). */
export function useMasaniello(userid: string) {
  return useQuery({
    queryKey: queryKeys.masaniello.of(userid),
    queryFn: () => api(strategiesEndpoints.getMasaniello, { query: { userid } }),
    retry: false,
  });
}

export function saveMasaniello(body: MasanielloParams) {
  return api(strategiesEndpoints.saveMasaniello, { body });
}
