import { readerEndpoints, type ReaderStatus } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from './api.ts';
import { queryKeys } from './query-keys.ts';

/** While a reset or delete waits for the reader, its status is re-read this often. */
const QUEUED_REFRESH_MS = 2000;

/** The bot's signal reader: source, connection, chats and its last reset / delete requests. */
export function useReaderStatus(userid: string) {
  return useQuery({
    queryKey: queryKeys.readerStatus.of(userid),
    queryFn: () => api(readerEndpoints.getReaderStatus, { query: { userid } }),
    retry: false,
    refetchInterval: (query) => (hasQueued(query.state.data) ? QUEUED_REFRESH_MS : false),
  });
}

function hasQueued(status: ReaderStatus | undefined): boolean {
  return status?.requests.some((request) => request.status === 'queued') ?? false;
}
