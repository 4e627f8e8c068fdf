import type { Chat, ChatChoice } from '@app/contract';

/** SPEC §5: chat names lose their apostrophes (shown and sent). */
export function chatName(name: string): string {
  return name.replace(/'/g, '');
}

/** The saved choice as the grid starts: every chat the server marks selected. */
export function initialChoice(chats: readonly Chat[], userid: string): ChatChoice[] {
  return chats
    .filter((chat) => chat.selected)
    .map((chat) => ({ name: chatName(chat.chname), idNum: chat.chid, userid }));
}

/** SPEC §4: checking adds the chat (name and id), unchecking removes it by id. */
export function toggleChat(
  choice: readonly ChatChoice[],
  chat: Chat,
  checked: boolean,
  userid: string,
): ChatChoice[] {
  const rest = choice.filter((entry) => entry.idNum !== chat.chid);
  return checked ? [...rest, { name: chatName(chat.chname), idNum: chat.chid, userid }] : rest;
}
