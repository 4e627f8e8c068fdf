import {
  endpoints,
  type NewInboxChannel,
  type InboxPost,
  type SignalTestInput,
} from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Reads a message with a channel card's settings, exactly as the reader would; writes nothing. */
export function testSignal(body: SignalTestInput) {
  return api(endpoints.testSignal, { body });
}

/** The bot's local inbox channels. */
export function useLocalChannels(userid: string) {
  return useQuery({
    queryKey: queryKeys.localChannels.of(userid),
    queryFn: () => api(endpoints.listInboxChannels, { query: { userid } }),
    retry: false,
  });
}

export function createLocalChannel(body: NewInboxChannel) {
  return api(endpoints.createInboxChannel, { body });
}

/** Posts to a local channel as if the channel wrote it: the reader reads it at once. */
export function postToLocalChannel(body: InboxPost) {
  return api(endpoints.postInboxMessage, { body });
}
