const two = (n: number) => String(n).padStart(2, '0');

/**
 * A bot's expiry as SPEC §9 writes it, `dd/mm/yy hh:mm` in the browser's local time, whatever
 * the language; `null` for an expiry of 0 or less ("Indefinido").
 */
export function formatBotExpiry(botexpSec: number): string | null {
  if (botexpSec <= 0) return null;
  const d = new Date(botexpSec * 1000);
  const date = `${two(d.getDate())}/${two(d.getMonth() + 1)}/${two(d.getFullYear() % 100)}`;
  return `${date} ${two(d.getHours())}:${two(d.getMinutes())}`;
}

/** Whether a bot's paid period ends within `days` (or already ended); no expiry: never. */
export function expiryState(
  botexpSec: number,
  nowSec: number,
  days: number,
): 'expired' | 'soon' | null {
  if (botexpSec <= 0) return null;
  if (botexpSec <= nowSec) return 'expired';
  return botexpSec - nowSec <= days * 86_400 ? 'soon' : null;
}
