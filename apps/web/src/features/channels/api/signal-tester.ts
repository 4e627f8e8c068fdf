import {
  inboxEndpoints,
  signalsEndpoints,
  type InboxPost,
  type NewInboxChannel,
  type SignalTestInput,
} from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Reads a message with a channel card's settings, exactly as the reader would; writes nothing. */
export function testSignal(body: SignalTestInput) {
  return api(signalsEndpoints.testSignal, { body });
}

/** The bot's local inbox channels. */
export function useLocalChannels(userid: string) {
  return useQuery({
    queryKey: queryKeys.localChannels.of(userid),
    queryFn: () => api(inboxEndpoints.listInboxChannels, { query: { userid } }),
    retry: false,
  });
}

export function createLocalChannel(body: NewInboxChannel) {
  return api(inboxEndpoints.createInboxChannel, { body });
}

/** Posts to a local channel as if the channel wrote it: the reader reads it at once. */
export function postToLocalChannel(body: InboxPost) {
  return api(inboxEndpoints.postInboxMessage, { body });
}
