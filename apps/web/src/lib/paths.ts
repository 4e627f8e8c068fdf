/**
 * Every path of the panel (SPEC §2), named once: the route table, the menus, the drawer and every
 * redirect use these, so a renamed route cannot leave a stale link behind.
 */
export const PATHS = {
  home: '/',
  auth: '/auth',
  register: '/cadastrar',
  paymentOk: '/paymentok',
  globalParams: '/geralconfig',
  buy: '/comprar',
  strategies: '/strategies',
  brokers: '/brokerconfig',
  copyTrader: '/copytrader',
  copySignals: '/copysignals',
  addPhone: '/addphone',
  readerParams: '/reader-params',
  copyRooms: '/copy-salas',
  configureChannels: '/configure-channels',
  channelsList: '/channels-list',
  signalTester: '/signal-tester',
  botsPage: '/botspage',
  botsManager: '/botsmanager',
  botCommands: '/botcommands',
  proxy: '/configproxy',
  masaniello: '/config-masaniello',
  cycles: '/config-cycles',
  soros: '/config-soros',
  lossRecovery: '/config-recovery',
  customCycles: '/config-customcycles',
  metaTrader: '/configmetatrader',
  // Copy trading and MetaCopy (SPEC §2 "Menus").
  traderCopyConfig: '/configtradercopy',
  copyFollowers: '/followerscopy',
  followConfig: '/configfollow',
  copyRequest: '/copyrequest',
  metaTraderConfig: '/tradermetaconfig',
  metaFollowers: '/followerslist',
  metaFollowerConfig: '/configmetafollower',
  metaRequest: '/followermetareq',
  // Routes SPEC names without content: redirects to their nearest screen (DESIGN §6).
  traderConfigLegacy: '/traderconfig',
  followConfigLegacy: '/followconfig',
  followerMetaConfigLegacy: '/followermetaconfig',
  activity: '/activity',
  orders: '/orders',
  results: '/results',
  latency: '/latency',
  // Not in SPEC: a followed channel's verified record against the market (docs/trader.md).
  channelRecord: '/channel-record',
  copyStats: '/copystats',
  // Not in SPEC: password change and log out of every device (docs/trader.md).
  account: '/conta',
} as const;

export type PanelPath = (typeof PATHS)[keyof typeof PATHS];
