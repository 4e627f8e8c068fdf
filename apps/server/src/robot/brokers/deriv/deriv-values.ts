import type { OrderFailReason } from '@app/contract';
import { normalizeAsset, type Cents } from '@app/robot';
import type { PlaceAnswer } from '../broker-adapter.ts';
import { DerivApiError, DerivNoAnswerError } from './deriv-connection.ts';

// Deriv's terms in ours: symbols, amounts at a currency's precision, durations, error codes.

const FOREX = new Set([
  'AUD',
  'CAD',
  'CHF',
  'EUR',
  'GBP',
  'JPY',
  'NOK',
  'NZD',
  'PLN',
  'SEK',
  'USD',
  'MXN',
  'SGD',
]);
const CRYPTO = new Set(['BTC', 'ETH', 'LTC', 'BCH', 'XRP', 'EOS', 'DSH', 'BNB', 'ZEC']);
const DERIV_SYMBOL = /^(frx|cry|OTC_|R_|1HZ|BOOM|CRASH|JD|stpRNG|RDBEAR|RDBULL|WLD)/;

/**
 * Our asset name → Deriv's symbol: `EURUSD` → `frxEURUSD`, `BTCUSD` → `cryBTCUSD`; a name that
 * already is a Deriv symbol (`R_100`, `frxEURUSD`) is kept. OTC names (`EURUSD-OTC`) and the
 * rest have no Deriv symbol: null (the order fails with `assetUnavailable`).
 */
export function derivSymbol(asset: string): string | null {
  const trimmed = asset.trim();
  if (DERIV_SYMBOL.test(trimmed)) return trimmed;
  const name = normalizeAsset(trimmed);
  if (!/^[A-Z]{6}$/.test(name)) return null;
  const base = name.slice(0, 3);
  const quote = name.slice(3);
  if (FOREX.has(base) && FOREX.has(quote)) return `frx${name}`;
  if (CRYPTO.has(base) && quote === 'USD') return `cry${name}`;
  return null;
}

function amountOf(value: unknown): number {
  const n = typeof value === 'string' ? Number(value) : typeof value === 'number' ? value : NaN;
  if (!Number.isFinite(n)) throw new Error('deriv: amount is not a number');
  return n;
}

/** A money amount of Deriv (number or decimal text, at its currency's precision) in cents. */
export function derivCents(value: unknown): Cents {
  return Math.round(amountOf(value) * 100);
}

/**
 * Payout fraction from a proposal or a buy: profit on a win over the stake (0.87), from Deriv's
 * amounts as they are (a BTC stake of 0.00012 has no cents to divide).
 */
export function payoutFraction(payout: unknown, price: unknown): number {
  const p = amountOf(payout);
  const s = amountOf(price);
  if (s <= 0) throw new Error('deriv: no price');
  return Math.round(((p - s) / s) * 10_000) / 10_000;
}

/**
 * Fractional digits of Deriv's currencies (the legacy `website_status.currencies_config` gave
 * them; the new API has no such call). Fiat 2, crypto-currencies 8 (stablecoins 2).
 */
export const DERIV_CURRENCY_DIGITS: Readonly<Record<string, number>> = {
  USD: 2,
  EUR: 2,
  GBP: 2,
  AUD: 2,
  BTC: 8,
  ETH: 8,
  LTC: 8,
  USDC: 2,
  UST: 2,
  eUSDT: 2,
  tUSDT: 2,
};

/** An amount in the account currency's own precision: 2.5 USD → 2.5; 0.000123456 BTC → 0.00012346. */
export function derivAmount(cents: Cents, digits: number): number {
  return Number((cents / 100).toFixed(Math.max(0, Math.min(digits, 12))));
}

/** Deriv's `min_contract_duration` / `max_contract_duration` ("1m", "15s", "1d") in seconds. */
export function durationSeconds(text: unknown): number | null {
  const m = /^(\d+)([smhdt])$/.exec(String(text ?? ''));
  if (!m) return null;
  const n = Number(m[1]);
  const unit = { s: 1, m: 60, h: 3_600, d: 86_400, t: 2 }[m[2] as 's' | 'm' | 'h' | 'd' | 't'];
  return n * unit;
}

/** A failed order with Deriv's own error code (the feed shows it on real orders). */
export function refusal(err: unknown): PlaceAnswer {
  return {
    ok: false,
    error: reasonOf(err),
    ...(err instanceof DerivApiError ? { brokerRef: err.code } : {}),
  };
}

/** Deriv's error codes → our reason keys (`robot.order.<key>`). */
export function reasonOf(err: unknown): OrderFailReason {
  if (err instanceof DerivNoAnswerError) return err.why === 'timeout' ? 'timeout' : 'disconnected';
  if (err instanceof DerivApiError) {
    switch (err.code) {
      // The new API's REST 401/403 and the legacy socket's refusals: connect again.
      case 'Unauthorized':
      case 'AccessDenied':
      case 'InvalidToken':
      case 'AuthorizationRequired':
      case 'PermissionDenied':
        return 'authFailed';
      case 'AccountMismatch':
        return 'accountMismatch';
      case 'AccountInactive':
        return 'accountInactive';
      // REST 5xx / 504: Deriv is down for a while (not a refusal of this order).
      case 'Unavailable':
        return 'brokerUnavailable';
      case 'NoToken':
        return 'noToken';
      case 'RateLimit':
        return 'rateLimited';
      case 'PriceMoved':
      case 'InvalidContractProposal':
        return 'priceMoved';
      case 'ContractsForValidation':
      case 'NotOffered':
        return 'notOffered';
      case 'InsufficientBalance':
        return 'insufficientBalance';
      case 'MarketIsClosed':
        return 'marketClosed';
      case 'InvalidSymbol':
      case 'InvalidOfferings':
      case 'OfferingsValidationError':
        return 'assetUnavailable';
      default:
        return 'rejected';
    }
  }
  return 'unknown';
}

/**
 * Whether `contracts_for`'s `available` list has a CALL/PUT starting at spot whose duration range
 * holds the timeframe.
 */
export function offersDuration(available: readonly unknown[], timeframeMin: number): boolean {
  const seconds = Math.max(1, Math.round(timeframeMin)) * 60;
  return available.some((raw) => {
    const a = raw as Record<string, unknown>;
    const min = durationSeconds(a.min_contract_duration);
    const max = durationSeconds(a.max_contract_duration);
    return (
      (a.contract_type === 'CALL' || a.contract_type === 'PUT') &&
      (a.start_type === undefined || a.start_type === 'spot') &&
      min !== null &&
      max !== null &&
      min <= seconds &&
      seconds <= max
    );
  });
}
