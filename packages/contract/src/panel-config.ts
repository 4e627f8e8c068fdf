import { z } from 'zod';
import { BrokerIdSchema } from './common.ts';
import { endpoint } from './endpoint.ts';

/**
 * What the panel learns from the server's configuration (environment) before anyone logs in.
 * `supportUrl` is the support chat of the Configure menu (`SUPPORT_URL`); `null` when the
 * operator set none, and the panel then shows no support card.
 */
export const PanelConfigSchema = z.object({
  supportUrl: z.string().nullable(),
  /**
   * The brokers this installation trades real money at (a network adapter the operator
   * configured); every other broker is "simulator only": its bots trade on the paper broker.
   */
  realTradingBrokers: z.array(BrokerIdSchema),
  /**
   * The operator's Telegram bot (`TELEGRAM_BOT_TOKEN`): its @username once known, for the
   * "Verificar no Telegram" and "get your id" links; null without one, and then verification
   * codes go to the server's outbox file (`DATA_DIR/outbox.jsonl`), where the operator reads them.
   */
  telegramBot: z.string().nullable(),
  /** "Conectar Deriv" (OAuth) is offered: the operator registered an OAuth client with Deriv. */
  derivOAuth: z.boolean().optional(),
});
export type PanelConfig = z.infer<typeof PanelConfigSchema>;

/** Whether `text` is an absolute http(s) URL, the only kind a support link may be. */
export function isWebUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

export const panelConfigEndpoints = {
  panelConfig: endpoint({
    method: 'GET',
    path: '/config',
    area: 'panel-config',
    summary:
      "Not in SPEC §7. The panel's configuration from the server's environment (support link, brokers that trade real money).",
    response: PanelConfigSchema,
    owner: null,
  }),
};
