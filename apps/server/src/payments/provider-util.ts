import type { PaymentOutcome, ProviderNotification } from './provider.ts';

/** A notification header by name, case-insensitively, first value when repeated. */
export function headerValue(n: ProviderNotification, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(n.headers)) {
    if (key.toLowerCase() !== wanted) continue;
    const first = Array.isArray(value) ? value[0] : value;
    return first === undefined || first === '' ? undefined : first;
  }
  return undefined;
}

/** The notification body as a JSON object, or null when it is not one. */
export function jsonBody(n: ProviderNotification): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(n.rawBody);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** A string field of an object (numbers are written as text: providers mix the two for ids). */
export function textField(obj: unknown, key: string): string | undefined {
  if (obj === null || typeof obj !== 'object') return undefined;
  const value = (obj as Record<string, unknown>)[key];
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/**
 * The event id every real provider reports: the provider's payment reference and the outcome.
 * The same state told twice (a retry, a resend from a dashboard, a second notification channel)
 * is one event, so storing it once makes a duplicate change nothing; a new state is a new event.
 */
export function outcomeEventId(ref: string, outcome: PaymentOutcome): string {
  return `${ref}:${outcome}`;
}

/** Amount in the provider's decimal unit (R$ 80.00 → 80, US$ 12.50 → 12.5). */
export function centsToDecimal(cents: number): number {
  return Math.round(cents) / 100;
}

/** Removes a trailing slash so `${base}/v1/…` never doubles it. */
export function trimBase(url: string): string {
  return url.replace(/\/+$/, '');
}

/** Appends query parameters to an absolute URL, keeping the ones it has. */
export function withQuery(url: string, params: Record<string, string>): string {
  const u = new URL(url);
  for (const [key, value] of Object.entries(params)) u.searchParams.set(key, value);
  return u.toString();
}
