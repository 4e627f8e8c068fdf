const two = (n: number) => String(n).padStart(2, '0');

/** `dd/mm/yyyy` of a local date. */
function dayText(d: Date): string {
  return `${two(d.getDate())}/${two(d.getMonth() + 1)}/${d.getFullYear()}`;
}

/**
 * A follower's expiry as its card writes it (SPEC §9 'Expira: dd/mm/yyyy'), in the browser's
 * local time whatever the language; `null` for 0 or less ('Indefinido').
 */
export function formatExpiryDate(expCopySec: number): string | null {
  return expCopySec <= 0 ? null : dayText(new Date(expCopySec * 1000));
}

/** The Info popover's expiry, date and time (`dd/mm/yyyy hh:mm`); `null` for 0 or less. */
export function formatExpiryDateTime(expCopySec: number): string | null {
  if (expCopySec <= 0) return null;
  const d = new Date(expCopySec * 1000);
  return `${dayText(d)} ${two(d.getHours())}:${two(d.getMinutes())}`;
}

/** The date picker's value (`yyyy-mm-dd`, local) for an expiry; `''` for none. */
export function expiryToDateInput(expCopySec: number): string {
  if (expCopySec <= 0) return '';
  const d = new Date(expCopySec * 1000);
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
}

/**
 * The expiry a picked day means: the follower copies through that whole day, so the relationship
 * ends at its last second, 23:59:59 local time. `null` when the text is not a real calendar day.
 */
export function dateInputToExpiry(text: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const end = new Date(year, month - 1, day, 23, 59, 59);
  if (end.getFullYear() !== year || end.getMonth() !== month - 1 || end.getDate() !== day) {
    return null;
  }
  return Math.floor(end.getTime() / 1000);
}
