/**
 * The query keys of every read, one factory per area: a screen reads with `queryKeys.x.of(…)` and
 * invalidates with `queryKeys.x.all`, so one feature never spells another's key by hand.
 */
function area<const A extends string, P extends readonly unknown[]>(name: A) {
  return {
    all: [name] as const,
    of: (...params: P) => [name, ...params] as const,
  };
}

export const queryKeys = {
  session: area<'session', []>('session'),
  globalParams: area<'global-params', [userid: string, brokerid: number]>('global-params'),
  /** The dashboard's balance, read by a settings screen to weigh a stake before saving it. */
  balance: area<'balance', [userid: string]>('balance'),
  recoveryParams: area<'recovery-params', [userid: string, brokerid: number]>('recovery-params'),
  cycles: area<'cycles', [userid: string, brokerid: number]>('cycles'),
  soros: area<'soros', [userid: string, brokerid: number]>('soros'),
  lossRecovery: area<'loss-recovery', [userid: string, brokerid: number]>('loss-recovery'),
  masaniello: area<'masaniello', [userid: string]>('masaniello'),
  customCycles: area<'custom-cycles', [userid: string]>('custom-cycles'),
  readerParams: area<'reader-params', [userid: string]>('reader-params'),
  proxy: area<'proxy', [userid: string]>('proxy'),
  brokers: area<'brokers', [userid: string]>('brokers'),
  botCommands: area<'bot-commands', [userid: string]>('bot-commands'),
  botsManager: area<'bots-manager', [userid: string]>('bots-manager'),
  chatList: area<'chat-list', [userid: string, traderid: string]>('chat-list'),
  groups: area<'groups', [userid: string, traderid: string]>('groups'),
  readerStatus: area<'reader-status', [userid: string]>('reader-status'),
  signals: area<'signals', [userid: string, channel: string]>('signals'),
  localChannels: area<'local-channels', [userid: string]>('local-channels'),
  channelDoubts: area<'channel-doubts', [userid: string]>('channel-doubts'),
  channelMessage: area<'channel-message', [userid: string, id: number]>('channel-message'),
  payMethods: area<'pay-methods', [userid: string]>('pay-methods'),
  purchase: area<'purchase', [id: string]>('purchase'),
  // Copy trading and MetaCopy. Follows change on both sides at once (a request answered,
  // a follower removed), so every follow read invalidates with `follows.all`.
  follows: area<'follows', [what: string, userid: string, ...rest: string[]]>('follows'),
  traderInfo: area<'trader-info', [userid: string]>('trader-info'),
  metaRecords: area<'meta-records', [userid: string]>('meta-records'),
  copyStats: area<'copy-stats', [view: 'trader' | 'follower', userid: string, days: number]>(
    'copy-stats',
  ),
  sellerSales: area<'seller-sales', [userid: string]>('seller-sales'),
  telegramBot: area<'telegram-bot', [what: string, userid: string]>('telegram-bot'),
};
