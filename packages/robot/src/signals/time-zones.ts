/**
 * Time-zone hints in a message (ROBOT.md §8): region names with a fixed offset (`Brasília` → −3),
 * country flags of countries with one time zone (🇧🇷 → −3) and cities whose offset changes with
 * daylight saving (`Nova York` → −4 or −5 on the signal's date, from the IANA zone via `Intl`).
 */

/** A fixed offset from UTC in hours, or an IANA zone whose offset depends on the date. */
export type ZoneHint = number | string;

/** Region and city names, by first folded word; `next` is the second word when there is one. */
export const PLACE_NAMES: ReadonlyMap<string, readonly { next?: string; zone: ZoneHint }[]> =
  new Map<string, { next?: string; zone: ZoneHint }[]>([
    ['brasilia', [{ zone: -3 }]],
    ['brt', [{ zone: -3 }]],
    ['sao', [{ next: 'paulo', zone: -3 }]],
    ['argentina', [{ zone: -3 }]],
    ['buenos', [{ next: 'aires', zone: -3 }]],
    ['colombia', [{ zone: -5 }]],
    ['bogota', [{ zone: -5 }]],
    ['peru', [{ zone: -5 }]],
    ['lima', [{ zone: -5 }]],
    ['ecuador', [{ zone: -5 }]],
    ['mexico', [{ zone: -6 }]],
    ['cdmx', [{ zone: -6 }]],
    ['nova', [{ next: 'york', zone: 'America/New_York' }]],
    ['new', [{ next: 'york', zone: 'America/New_York' }]],
    ['nueva', [{ next: 'york', zone: 'America/New_York' }]],
    ['londres', [{ zone: 'Europe/London' }]],
    ['london', [{ zone: 'Europe/London' }]],
    ['madrid', [{ zone: 'Europe/Madrid' }]],
    ['lisboa', [{ zone: 'Europe/Lisbon' }]],
    ['lisbon', [{ zone: 'Europe/Lisbon' }]],
  ]);

interface FlagZone {
  zone: ZoneHint;
  /** The country's currency: a lone 🇯🇵 beside USD/JPY illustrates the asset, it is no clock. */
  currency: string;
}

// Countries with one time zone (Brazil counts as Brasília time, as its channels mean it). Left out
// on purpose: countries spanning several zones (US, Mexico, Spain, Portugal, Chile…), whose flag
// says nothing certain about the clock.
const FLAGS: ReadonlyMap<string, FlagZone> = new Map<string, FlagZone>([
  ['BR', { zone: -3, currency: 'brl' }],
  ['AR', { zone: -3, currency: 'ars' }],
  ['UY', { zone: -3, currency: 'uyu' }],
  ['BO', { zone: -4, currency: 'bob' }],
  ['VE', { zone: -4, currency: 'ves' }],
  ['DO', { zone: -4, currency: 'dop' }],
  ['CO', { zone: -5, currency: 'cop' }],
  ['PE', { zone: -5, currency: 'pen' }],
  ['PA', { zone: -5, currency: 'pab' }],
  ['GT', { zone: -6, currency: 'gtq' }],
  ['SV', { zone: -6, currency: 'usd' }],
  ['HN', { zone: -6, currency: 'hnl' }],
  ['NI', { zone: -6, currency: 'nio' }],
  ['CR', { zone: -6, currency: 'crc' }],
  ['GB', { zone: 'Europe/London', currency: 'gbp' }],
  ['IE', { zone: 'Europe/Dublin', currency: 'eur' }],
  ['DE', { zone: 'Europe/Berlin', currency: 'eur' }],
  ['IT', { zone: 'Europe/Rome', currency: 'eur' }],
  ['CH', { zone: 'Europe/Zurich', currency: 'chf' }],
  ['AT', { zone: 'Europe/Vienna', currency: 'eur' }],
  ['BE', { zone: 'Europe/Brussels', currency: 'eur' }],
  ['NL', { zone: 'Europe/Amsterdam', currency: 'eur' }],
  ['PL', { zone: 'Europe/Warsaw', currency: 'pln' }],
  ['GR', { zone: 'Europe/Athens', currency: 'eur' }],
  ['RO', { zone: 'Europe/Bucharest', currency: 'ron' }],
  ['TR', { zone: 3, currency: 'try' }],
  ['NG', { zone: 1, currency: 'ngn' }],
  ['GH', { zone: 0, currency: 'ghs' }],
  ['ZA', { zone: 2, currency: 'zar' }],
  ['KE', { zone: 3, currency: 'kes' }],
  ['SA', { zone: 3, currency: 'sar' }],
  ['AE', { zone: 4, currency: 'aed' }],
  ['PK', { zone: 5, currency: 'pkr' }],
  ['IN', { zone: 5.5, currency: 'inr' }],
  ['BD', { zone: 6, currency: 'bdt' }],
  ['TH', { zone: 7, currency: 'thb' }],
  ['VN', { zone: 7, currency: 'vnd' }],
  ['CN', { zone: 8, currency: 'cny' }],
  ['HK', { zone: 8, currency: 'hkd' }],
  ['SG', { zone: 8, currency: 'sgd' }],
  ['MY', { zone: 8, currency: 'myr' }],
  ['PH', { zone: 8, currency: 'php' }],
  ['JP', { zone: 9, currency: 'jpy' }],
  ['KR', { zone: 9, currency: 'krw' }],
]);

/** The country code of a flag symbol (two regional indicators): `flagCountry('🇧🇷') === 'BR'`. */
function flagCountry(flag: string): string {
  const a = (flag.codePointAt(0) ?? 0) - 0x1f1e6 + 65;
  const b = (flag.codePointAt(2) ?? 0) - 0x1f1e6 + 65;
  return String.fromCharCode(a, b);
}

/** The zone of a one-zone country's flag, with its currency; `undefined` for any other flag. */
export function flagZone(flag: string): FlagZone | undefined {
  return FLAGS.get(flagCountry(flag));
}

// One formatter per zone, made on first use: building an Intl.DateTimeFormat costs far more
// than formatting with it.
const formatters = new Map<string, Intl.DateTimeFormat>();
const LONG_OFFSET = /^GMT(?:([+-])(\d{2}):(\d{2}))?$/;

/**
 * Offset from UTC in hours of an IANA zone at the instant `atMs` (Unix ms):
 * `zoneOffsetHours('America/New_York', Date.parse('2025-07-01T12:00Z')) === -4`, `-5` in January.
 */
export function zoneOffsetHours(zone: string, atMs: number): number {
  // Zones change offset on whole UTC hours, so one answer serves its whole hour; kept bounded.
  const key = `${zone}|${Math.floor(atMs / HOUR_MS)}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    if (offsets.size >= MAX_CACHED_OFFSETS) offsets.clear();
    offset = readOffsetHours(zone, atMs);
    offsets.set(key, offset);
  }
  return offset;
}

const HOUR_MS = 3_600_000;
const MAX_CACHED_OFFSETS = 4096;
const offsets = new Map<string, number>();

function readOffsetHours(zone: string, atMs: number): number {
  let format = formatters.get(zone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
    formatters.set(zone, format);
  }
  const name = format.formatToParts(atMs).find((p) => p.type === 'timeZoneName')?.value ?? '';
  const m = LONG_OFFSET.exec(name);
  if (m?.[1] === undefined) return 0;
  const hours = Number(m[2]) + Number(m[3]) / 60;
  return m[1] === '-' ? -hours : hours;
}
