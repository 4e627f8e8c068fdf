import { authEndpoints } from './auth.ts';
import { botsEndpoints } from './bots.ts';
import { brokersEndpoints } from './brokers.ts';
import { buyRobotEndpoints } from './buy-robot.ts';
import { channelRecordsEndpoints } from './channel-records.ts';
import { channelsEndpoints } from './channels.ts';
import { copyStatsEndpoints } from './copy-stats.ts';
import { copyTraderEndpoints } from './copy-trader.ts';
import type { Endpoint } from './endpoint.ts';
import { globalParamsEndpoints } from './global-params.ts';
import { healthEndpoints } from './health.ts';
import { inboxEndpoints } from './inbox.ts';
import { metaCopyEndpoints } from './meta-copy.ts';
import { panelConfigEndpoints } from './panel-config.ts';
import { proxyEndpoints } from './proxy.ts';
import { readerParamsEndpoints } from './reader-params.ts';
import { readerEndpoints } from './reader.ts';
import { signalsEndpoints } from './signals.ts';
import { strategiesEndpoints } from './strategies.ts';
import { telegramBotEndpoints } from './telegram-bot.ts';
import { tradingEndpoints } from './trading.ts';

/**
 * Every call of SPEC §7 (plus the few reads the screens need that SPEC does not list, marked in
 * their summaries). The server registers exactly these; the panel calls only these.
 */
export const endpoints = {
  ...authEndpoints,
  ...globalParamsEndpoints,
  ...strategiesEndpoints,
  ...readerParamsEndpoints,
  ...brokersEndpoints,
  ...proxyEndpoints,
  ...channelsEndpoints,
  ...channelRecordsEndpoints,
  ...inboxEndpoints,
  ...signalsEndpoints,
  ...readerEndpoints,
  ...copyTraderEndpoints,
  ...metaCopyEndpoints,
  ...copyStatsEndpoints,
  ...botsEndpoints,
  ...buyRobotEndpoints,
  ...healthEndpoints,
  ...panelConfigEndpoints,
  ...tradingEndpoints,
  ...telegramBotEndpoints,
} as const;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;

/** The table as a list, for generic iteration (route registration, docs, generated tests). */
export const endpointList: readonly (Endpoint & { name: EndpointName })[] = Object.entries(
  endpoints,
).map(([name, e]) => ({ ...(e as Endpoint), name: name as EndpointName }));
