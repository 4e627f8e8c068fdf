import { endpoints, type BrokerId } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.ts';
import type { TelegramBotHandle } from '../../plugins/context.ts';
import { realTradingBrokers } from '../../robot/brokers/broker-catalog.ts';
import { derivOAuthFromEnv } from '../brokers/deriv-oauth.ts';

/** `GET /config`: public, so the panel can read it before and after login. */
export function panelConfigRoutes(
  app: FastifyInstance,
  supportUrl: string | null,
  telegramBot: Pick<TelegramBotHandle, 'username'> | null,
): void {
  // Read once: which brokers trade real money is the operator's configuration (environment).
  const realTrading = realTradingBrokers() as BrokerId[];
  const derivOAuth = derivOAuthFromEnv() !== null;
  route(app, endpoints.panelConfig, () => ({
    supportUrl,
    realTradingBrokers: realTrading,
    telegramBot: telegramBot?.username() ?? null,
    derivOAuth,
  }));
}
