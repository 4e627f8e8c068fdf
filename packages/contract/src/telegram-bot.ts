import { z } from 'zod';
import { BotIdSchema, OkSchema, UseridQuerySchema } from './common.ts';
import { endpoint, ownerBody, ownerQuery } from './endpoint.ts';

/** The notification kinds a trader switches per bot (docs/telegram-bot.md); all on by default. */
export const TELEGRAM_NOTIFY_KINDS = [
  'orders',
  'stops',
  'daily',
  'expiry',
  'payments',
  'follows',
  'reader',
  'doubts',
] as const;
export type TelegramNotifyKind = (typeof TELEGRAM_NOTIFY_KINDS)[number];

export const TelegramKindsSchema = z.object(
  Object.fromEntries(TELEGRAM_NOTIFY_KINDS.map((k) => [k, z.boolean()])) as Record<
    TelegramNotifyKind,
    z.ZodBoolean
  >,
);
export type TelegramKinds = z.infer<typeof TelegramKindsSchema>;

/** A pending bot's "Verificar no Telegram" link; `url` null when no operator bot is configured. */
export const TelegramVerifyLinkSchema = z.object({ url: z.string().nullable() });

export const TelegramNotificationsSchema = z.object({
  kinds: TelegramKindsSchema,
  /** false when the chat blocked the operator's bot: nothing is sent until the trader writes to it. */
  reachable: z.boolean(),
  /** false when no operator bot is configured (TELEGRAM_BOT_TOKEN): nothing is sent at all. */
  configured: z.boolean(),
});
export type TelegramNotifications = z.infer<typeof TelegramNotificationsSchema>;

export const SaveTelegramNotificationsSchema = z.object({
  userid: BotIdSchema,
  kinds: TelegramKindsSchema,
});

export const telegramBotEndpoints = {
  telegramVerifyLink: endpoint({
    method: 'POST',
    path: '/telegram/verifylink',
    area: 'telegram-bot',
    summary:
      'Not in SPEC §7. A one-time t.me deep link that verifies the pending bot when its own Telegram account opens it.',
    body: UseridQuerySchema,
    response: TelegramVerifyLinkSchema,
    owner: ownerBody,
  }),
  telegramNotifications: endpoint({
    method: 'GET',
    path: '/telegram/notifications',
    area: 'telegram-bot',
    summary:
      "Not in SPEC §7. The bot's Telegram notification switches and whether its chat is reachable.",
    query: UseridQuerySchema,
    response: TelegramNotificationsSchema,
    owner: ownerQuery,
  }),
  saveTelegramNotifications: endpoint({
    method: 'POST',
    path: '/telegram/notifications',
    area: 'telegram-bot',
    summary: "Not in SPEC §7. Saves the bot's Telegram notification switches.",
    body: SaveTelegramNotificationsSchema,
    response: OkSchema,
    owner: ownerBody,
  }),
};
