import { channelsEndpoints } from '@app/contract';
import { api } from '../../lib/api.ts';

export interface CopyRoomsForm {
  traderid: string;
}

/** Sets whose rooms (chat list and channel cards) the bot reads (SPEC §7 `POST /copyid`). */
export function copyRooms(userid: string, traderid: string) {
  return api(channelsEndpoints.copyRooms, { body: { userid, traderid } });
}
