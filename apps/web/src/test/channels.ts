import type { ChannelSettings, SessionInfo } from '@app/contract';

/** A channel card as `GET /api/getgroups` answers it, for the test's bot. */
export function channelCard(overrides: Partial<ChannelSettings> = {}): ChannelSettings {
  return {
    chanEnable: true,
    lote: 2,
    galenum: 1,
    galefat: 2,
    idNum: 'inbox-1',
    name: 'Sinais VIP',
    wordfilter: '',
    delaysig: 1,
    signaltype: 1,
    operType: 1,
    brokerid: 0,
    ignore: '',
    timeframe: 5,
    timezone: -3,
    strategySel: 0,
    traderid: '5550001',
    send2Trader: false,
    inverter: false,
    tolarance: '',
    botID: '5550001',
    userid: '5550001',
    ...overrides,
  };
}

/** A bot that copies another trader's rooms: its trader id is not its user id (SPEC §6). */
export const follower: SessionInfo = {
  email: 'bia@example.com',
  userid: '5550002',
  traderid: '5550001',
  botIDs: [{ userid: '5550002', traderid: '5550001' }],
};
