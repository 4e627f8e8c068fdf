import { endpoints, type Soros } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** The bot's soros for one broker (SPEC §7 `GET /getsoros`). */
export function useSoros(userid: string, brokerid: number) {
  return useQuery({
    queryKey: ['soros', userid, brokerid],
    queryFn: () => api(endpoints.getSoros, { query: { userid, brokerid } }),
    retry: false,
  });
}

export function saveSoros(body: Soros) {
  return api(endpoints.saveSoros, { body });
}
