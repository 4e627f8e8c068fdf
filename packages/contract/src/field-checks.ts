/**
 * Checks of single values that SPEC §5 leaves open but a trader would not expect to be accepted:
 * a proxy host that is no host, a broker e-mail that is no e-mail, a reader window
 * with a start and no end. Each failure is an i18n key of `errors.field.*`, shown under its field.
 */
export const FieldMsg = {
  host: 'errors.field.host',
  email: 'errors.field.email',
  windowEndMissing: 'errors.field.windowEndMissing',
  windowStartMissing: 'errors.field.windowStartMissing',
  windowOrder: 'errors.field.windowOrder',
  secretRequired: 'errors.field.secretRequired',
} as const;

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/i;

/** Whether `text` could be an IPv6 address (hex groups and colons, at most one `::`). */
function isIpv6(text: string): boolean {
  if (!/^[0-9a-f:.]+$/i.test(text) || !text.includes(':')) return false;
  if ((text.match(/::/g) ?? []).length > 1) return false;
  const groups = text.split(':');
  return groups.length <= 8 && groups.every((g) => g.length <= 4 || IPV4.test(g));
}

/**
 * A host a proxy can be reached at: an IPv4 or IPv6 address, or a DNS name (`proxy.example.com`,
 * `localhost`). Example: `isHost('10.0.0.7') === true`, `isHost('not a host!!') === false`.
 */
export function isHost(text: string): boolean {
  if (text.length === 0 || text.length > 253) return false;
  if (IPV4.test(text) || isIpv6(text)) return true;
  // All digits and dots but not a valid IPv4 (`999.1.1.1`) is a typo, not a name.
  if (/^[\d.]+$/.test(text)) return false;
  const name = text.endsWith('.') ? text.slice(0, -1) : text;
  return name.split('.').every((label) => LABEL.test(label));
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** `name@domain.tld`, on the trimmed text (OlympTrade's e-mail travels untrimmed, SPEC §5). */
export function isEmailLike(text: string): boolean {
  return EMAIL.test(text.trim());
}

/** `HH:MM` to minutes since midnight. */
function minutes(clock: string): number {
  const [h = 0, m = 0] = clock.split(':').map(Number);
  return h * 60 + m;
}

/**
 * A reader time window (`hourStart`/`hourEnd`, `…2`, `…3`): both set or both empty, and the start
 * before the end (a window does not cross midnight: two windows cover a night). Returns the field
 * to blame and its key, or null.
 */
export function checkTimeWindow(
  start: string,
  end: string,
  names: { start: string; end: string },
): { field: string; key: (typeof FieldMsg)[keyof typeof FieldMsg] } | null {
  if (start === '' && end === '') return null;
  if (end === '') return { field: names.end, key: FieldMsg.windowEndMissing };
  if (start === '') return { field: names.start, key: FieldMsg.windowStartMissing };
  if (minutes(start) >= minutes(end)) return { field: names.end, key: FieldMsg.windowOrder };
  return null;
}

/** The reader's three windows, by field name. */
export const READER_WINDOWS = [
  { start: 'hourStart', end: 'hourEnd' },
  { start: 'hourStart2', end: 'hourEnd2' },
  { start: 'hourStart3', end: 'hourEnd3' },
] as const;
