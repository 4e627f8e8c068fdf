import { channelsEndpoints, signalsEndpoints, type VocabularyInput } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Replaces what the trader taught the channel. */
export function saveVocabulary(body: VocabularyInput) {
  return api(channelsEndpoints.saveVocabulary, { body });
}

/** What a vocabulary would change in the channel's stored messages; writes nothing. */
export function vocabularyImpact(body: VocabularyInput) {
  return api(channelsEndpoints.vocabularyImpact, { body });
}

/** The doubtful messages of the bot's own channels, per channel. */
export function useChannelDoubts(userid: string) {
  return useQuery({
    queryKey: queryKeys.channelDoubts.of(userid),
    queryFn: () => api(channelsEndpoints.getChannelDoubts, { query: { userid } }),
    retry: false,
  });
}

/** A stored message of the bot's rooms (the chat's "tap to teach" link names it). */
export function useChannelMessage(userid: string, id: number | null) {
  return useQuery({
    queryKey: queryKeys.channelMessage.of(userid, id ?? 0),
    queryFn: () => api(signalsEndpoints.getChannelMessage, { query: { userid, id: id ?? 0 } }),
    enabled: id !== null,
    retry: false,
  });
}
