import { readBotIds, storage } from './storage.ts';

export interface CurrentBot {
  /** The bot the panel acts on (the top bar's selector): its messaging-app user id. */
  userid: string;
  /** Its copy-trading identity. */
  traderid: string;
  /** SPEC §6: the bot is its own trader (user id equals trader id), so trader-only actions apply. */
  isTrader: boolean;
  /** How many bots the account holds (SPEC §6: the channel card's bot selector needs more than 2). */
  botCount: number;
}

/**
 * The bot every screen reads and saves for, from the ids the session stored. A screen that must
 * follow a refreshed session (a bot created or removed) also subscribes with `useSession()`.
 */
export function useCurrentBot(): CurrentBot {
  const userid = storage.get('userId') ?? '';
  const traderid = storage.get('traderId') ?? '';
  return {
    userid,
    traderid,
    isTrader: userid !== '' && userid === traderid,
    botCount: readBotIds().length,
  };
}
