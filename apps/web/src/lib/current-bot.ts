import { readBotIds, storage } from './storage.ts';
import { useSession } from './session.ts';

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
 * The bot every screen reads and saves for. Subscribed to the session, so a refreshed session
 * (a bot created or removed, the current one switched) re-renders the screen with the new bot.
 */
export function useCurrentBot(): CurrentBot {
  useSession();
  const userid = storage.get('userId') ?? '';
  const traderid = storage.get('traderId') ?? '';
  return {
    userid,
    traderid,
    isTrader: userid !== '' && userid === traderid,
    botCount: readBotIds().length,
  };
}
