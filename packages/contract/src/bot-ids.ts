/**
 * Which ids a messaging-app bot and a virtual bot may take: two ranges that never meet
 * (docs/decisions/2026-11-26-bot-claims.md). Its own module so the rules use it without a cycle.
 */

/** Bot ids are at most this many digits (BotIdSchema). */
const BOT_ID_MAX_DIGITS = 20;

/**
 * Messaging-app (Telegram) user ids have at most 52 significant bits (Bot API, `User.id`): every
 * id a person could hold is below this. Virtual bot ids are at or above it, so the two never meet.
 */
export const MESSAGING_ID_LIMIT = 2 ** 52;

/** Digits a source id is padded to before a virtual prefix: 1 + 16 digits ≥ 10^16 > 2^52. */
const VIRTUAL_PAD_DIGITS = 16;

/**
 * Whether `id` is one a messaging-app user could hold: digits, no leading zero, below 2^52.
 * Only such ids may be claimed as messaging-app bots (docs/decisions/2026-11-26-bot-claims.md).
 */
export function isMessagingUserId(id: string): boolean {
  return /^[1-9]\d{0,15}$/.test(id) && Number(id) < MESSAGING_ID_LIMIT;
}

/**
 * The ids a virtual bot derived from the messaging-app bot `sourceId` may take, in the order
 * they are proposed: a digit 1–9 prefixed to the id padded with zeros to 16 digits (SPEC §4
 * "by prefixing", adapted so that the result is never an id a messaging-app user could hold:
 * docs/decisions/2026-11-26-bot-claims.md). At most 9 ids; none longer than 20 digits.
 *
 * @example virtualBotIdCandidates('5123') → ['10000000000005123', …, '90000000000005123']
 */
export function virtualBotIdCandidates(sourceId: string): string[] {
  if (!/^\d+$/.test(sourceId) || sourceId.length >= BOT_ID_MAX_DIGITS) return [];
  const padded = sourceId.padStart(VIRTUAL_PAD_DIGITS, '0');
  return ['1', '2', '3', '4', '5', '6', '7', '8', '9'].map((p) => p + padded);
}

/** Whether `botid` is one of the ids a virtual bot derived from `sourceId` may take. */
export function isVirtualBotIdOf(botid: string, sourceId: string): boolean {
  return virtualBotIdCandidates(sourceId).includes(botid);
}
