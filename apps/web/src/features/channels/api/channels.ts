import { channelsEndpoints, type ChannelSettings, type ChatChoice } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The chats the bot's message source offers, each saying whether it is in the saved list. */
export function useChatList(userid: string, traderid: string) {
  return useQuery({
    queryKey: queryKeys.chatList.of(userid, traderid),
    queryFn: () => api(channelsEndpoints.getChatList, { query: { userid, traderid } }),
    retry: false,
  });
}

export function saveChatList(userid: string, chats: ChatChoice[]) {
  return api(channelsEndpoints.saveChatList, { query: { userid }, body: chats });
}

export function updateChatList(userid: string) {
  return api(channelsEndpoints.updateChatList, { body: { userid } });
}

/** The bot's channel cards (SPEC §7 `GET /getgroups`). */
export function useGroups(userid: string, traderid: string) {
  return useQuery({
    queryKey: queryKeys.groups.of(userid, traderid),
    queryFn: () => api(channelsEndpoints.getGroups, { query: { userid, traderid } }),
    retry: false,
  });
}

export function saveGroup(body: ChannelSettings) {
  return api(channelsEndpoints.saveGroup, { body });
}

export function removeChannel(userid: string, traderid: string, idNum: string) {
  return api(channelsEndpoints.removeChannel, { body: { userid, traderid, idNum } });
}
