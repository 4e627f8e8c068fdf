import { readerParamsEndpoints, type ReaderParams } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The bot's reader params (the server answers the defaults when nothing was saved). */
export function useReaderParams(userid: string) {
  return useQuery({
    queryKey: queryKeys.readerParams.of(userid),
    queryFn: () => api(readerParamsEndpoints.getReaderParams, { query: { userid } }),
    retry: false,
  });
}

export function saveReaderParams(userid: string, body: ReaderParams) {
  return api(readerParamsEndpoints.saveReaderParams, { query: { userid }, body });
}
