/**
 * The validation rules of SPEC §5 as pure functions. Each takes the raw values of a form or a
 * request body (possibly incomplete: a select left empty is `undefined`, `null` or `''`) and
 * returns the i18n key of the first problem in SPEC's order, or `null` when the values pass.
 * The panel shows the key's text; the server answers 400 with the same key as `error.code`.
 */
import { isMessagingUserId } from './bot-ids.ts';
import { checkTimeWindow, type FieldMsg, READER_WINDOWS } from './field-checks.ts';
import { LoginMsg, normalizePassword } from './login-rules.ts';
import type { RuleFailure, RawValues } from './login-rules.ts';

// The login page's rules live in their own module, so its first chunk does not carry every
// rule of the panel (a module goes whole into the chunk that imports it first).
export { checkLogin, normalizePassword } from './login-rules.ts';
export type { RuleFailure, RawValues } from './login-rules.ts';

/** Message keys of SPEC §5 and §8; the catalogues of apps/web hold their texts. */
export const Msg = {
  invalidParams: 'errors.invalidParams',
  login: LoginMsg,
  register: {
    emailEmpty: 'register.errors.emailEmpty',
    emailInvalid: 'register.errors.emailInvalid',
    passwordEmpty: 'register.errors.passwordEmpty',
    passwordShort: 'register.errors.passwordShort',
    confirmMismatch: 'register.errors.confirmMismatch',
    useridEmpty: 'register.errors.useridEmpty',
    useridNotNumeric: 'register.errors.useridNotNumeric',
    fillCorrectly: 'register.errors.fillCorrectly',
  },
  globalParams: {
    optionTypeMissing: 'globalParams.errors.optionTypeMissing',
    brokerMissing: 'globalParams.errors.brokerMissing',
    loteTypeMissing: 'globalParams.errors.loteTypeMissing',
    stopTypeMissing: 'globalParams.errors.stopTypeMissing',
  },
  channels: {
    delayPositive: 'channels.errors.delayPositive',
    useSemicolon: 'channels.errors.useSemicolon',
    noNegative: 'channels.errors.noNegative',
  },
  buyRobot: {
    telegramId: 'buyRobot.errors.telegramId',
    plan: 'buyRobot.errors.plan',
    payMethod: 'buyRobot.errors.payMethod',
    minQuantity: 'buyRobot.errors.minQuantity',
    cpf: 'buyRobot.errors.cpf',
    days: 'buyRobot.errors.days',
    currency: 'buyRobot.errors.currency',
    network: 'buyRobot.errors.network',
  },
  readerParams: {
    maxTradesMin: 'readerParams.errors.maxTradesMin',
  },
  masaniello: {
    mainZero: 'masaniello.errors.mainZero',
    payoutRange: 'masaniello.errors.payoutRange',
    typeMissing: 'masaniello.errors.typeMissing',
  },
  soros: {
    percRange: 'soros.errors.percRange',
  },
  bots: {
    useridShort: 'bots.errors.useridShort',
    notMessagingId: 'bots.errors.notMessagingId',
  },
  copyRequest: {
    fill: 'copyTrader.requestForm.errors.fill',
  },
  follows: {
    stakeMissing: 'copyTrader.follows.errors.stakeMissing',
  },
  copyRooms: {
    traderIdRequired: 'copyRooms.errors.traderIdRequired',
  },
  traderConfig: {
    delayComma: 'copyTrader.traderConfig.errors.delayComma',
    assetsSpace: 'copyTrader.traderConfig.errors.assetsSpace',
    assetsMissing: 'copyTrader.traderConfig.errors.assetsMissing',
  },
} as const;

type Leaves<T> = T extends string ? T : { [K in keyof T]: Leaves<T[K]> }[keyof T];
/** Any message key a rule can return. */
export type MessageKey = Leaves<typeof Msg> | (typeof FieldMsg)[keyof typeof FieldMsg];

/** Whether a select or text value is missing (undefined, null, empty or blank text). */
export function isMissing(value: unknown): boolean {
  return (
    value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
  );
}

/** Reads a number from a form value (number or numeric text, decimal comma accepted); NaN if not one. */
export function toNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '')
    return Number(value.trim().replace(',', '.'));
  return Number.NaN;
}

function isNegative(value: unknown): boolean {
  const n = toNumber(value);
  return !Number.isNaN(n) && n < 0;
}

function isNotANumber(value: unknown): boolean {
  return Number.isNaN(toNumber(value));
}

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The shortest password we accept at registration; SPEC sets none, an operator expects one. */
export const MIN_PASSWORD_LENGTH = 8;

/**
 * Registration (SPEC §5), per field so the form can show each error on blur. The messaging id
 * gets its own "required" message (SPEC reuses the confirm-password text; DESIGN §9 fixes it).
 */
export function checkRegistration(
  v: RawValues,
): Partial<Record<'email' | 'password' | 'confirmPassword' | 'userid', MessageKey>> {
  const errors: Partial<Record<'email' | 'password' | 'confirmPassword' | 'userid', MessageKey>> =
    {};
  const email = typeof v.email === 'string' ? v.email.trim() : '';
  const password = typeof v.password === 'string' ? normalizePassword(v.password) : '';
  const confirm = typeof v.confirmPassword === 'string' ? normalizePassword(v.confirmPassword) : '';
  const userid =
    typeof v.userid === 'string'
      ? v.userid.trim()
      : typeof v.userid === 'number'
        ? String(v.userid)
        : '';
  if (email === '') errors.email = Msg.register.emailEmpty;
  else if (!EMAIL_RE.test(email)) errors.email = Msg.register.emailInvalid;
  if (password === '') errors.password = Msg.register.passwordEmpty;
  else if (password.length < MIN_PASSWORD_LENGTH) errors.password = Msg.register.passwordShort;
  if (confirm === '' || confirm !== password) errors.confirmPassword = Msg.register.confirmMismatch;
  if (userid === '') errors.userid = Msg.register.useridEmpty;
  else if (!/^\d{2,20}$/.test(userid)) errors.userid = Msg.register.useridNotNumeric;
  return errors;
}

/** Global params save (SPEC §5), in SPEC's order. */
export function checkGlobalParams(v: RawValues): RuleFailure | null {
  for (const field of [
    'lote',
    'galenum',
    'galefat',
    'stopWin',
    'stopLoss',
    'payout',
    'strategySel',
  ]) {
    if (isNegative(v[field])) return { key: Msg.invalidParams, field };
  }
  if (isMissing(v.optionType))
    return { key: Msg.globalParams.optionTypeMissing, field: 'optionType' };
  if (isMissing(v.brokerID)) return { key: Msg.globalParams.brokerMissing, field: 'brokerID' };
  if (isMissing(v.loteType)) return { key: Msg.globalParams.loteTypeMissing, field: 'loteType' };
  if (isMissing(v.stopType)) return { key: Msg.globalParams.stopTypeMissing, field: 'stopType' };
  return null;
}

/** Channel card save (SPEC §5), in SPEC's order. */
export function checkChannelCard(v: RawValues): RuleFailure | null {
  if (!(toNumber(v.delaysig) > 0)) return { key: Msg.channels.delayPositive, field: 'delaysig' };
  for (const field of ['wordfilter', 'ignore']) {
    const text = v[field];
    if (typeof text === 'string' && text.includes(','))
      return { key: Msg.channels.useSemicolon, field };
  }
  for (const field of ['lote', 'galenum', 'galefat', 'timeframe']) {
    if (isNegative(v[field])) return { key: Msg.channels.noNegative, field };
  }
  return null;
}

/** The smallest bot count of the custom plan (SPEC §9). */
export const CUSTOM_PLAN_MIN_BOTS = 5;

/** Buy robot generate-link (SPEC §5), in SPEC's order; `custom` is the custom-plan checkbox. */
export function checkBuyRobot(v: RawValues): RuleFailure | null {
  if (isMissing(v.userid)) return { key: Msg.buyRobot.telegramId, field: 'userid' };
  if (isMissing(v.subid) && v.custom !== true) return { key: Msg.buyRobot.plan, field: 'subid' };
  if (isMissing(v.paymethod)) return { key: Msg.buyRobot.payMethod, field: 'paymethod' };
  if (v.custom === true && !(toNumber(v.quantity) >= CUSTOM_PLAN_MIN_BOTS)) {
    return { key: Msg.buyRobot.minQuantity, field: 'quantity' };
  }
  // Not in SPEC's list (DESIGN §9): what the server needs to price and charge.
  if (v.custom === true && !CUSTOM_DAYS.includes(toNumber(v.days))) {
    return { key: Msg.buyRobot.days, field: 'days' };
  }
  if (v.paymethod === 'crypto' && v.coin !== 'usd') {
    return { key: Msg.buyRobot.currency, field: 'coin' };
  }
  if (v.paymethod === 'crypto' && isMissing(v.network)) {
    return { key: Msg.buyRobot.network, field: 'network' };
  }
  if (
    (v.paymethod === 'regional' || v.paymethod === 'instant') &&
    !(typeof v.cpf === 'string' && isValidCpf(v.cpf))
  ) {
    return { key: Msg.buyRobot.cpf, field: 'cpf' };
  }
  return null;
}

/** Day options of the custom plan (SPEC §9); buy-robot.ts re-exports them as CUSTOM_PLAN_DAYS. */
const CUSTOM_DAYS: readonly number[] = [30, 60, 90, 120];

/** Whether a CPF (Brazilian taxpayer number) has valid check digits. */
export function isValidCpf(value: string): boolean {
  const digits = value.replace(/\D/g, '');
  if (digits.length !== 11 || /^(\d)\1{10}$/.test(digits)) return false;
  const nums = [...digits].map(Number);
  for (const len of [9, 10]) {
    let sum = 0;
    for (let i = 0; i < len; i++) sum += (nums[i] ?? 0) * (len + 1 - i);
    const check = ((sum * 10) % 11) % 10;
    if (check !== nums[len]) return false;
  }
  return true;
}

/** Bot commands (SPEC §5): a command must be chosen. */
export function checkBotCommand(v: RawValues): RuleFailure | null {
  const code = toNumber(v.botCmd);
  if (!Number.isInteger(code) || code < 1 || code > 16)
    return { key: Msg.invalidParams, field: 'botCmd' };
  return null;
}

/** Reader parameters (SPEC §5): order limit 0 or greater. */
export function checkReaderParams(v: RawValues): RuleFailure | null {
  const n = toNumber(v.maxtrades);
  if (Number.isNaN(n) || n < 0) return { key: Msg.readerParams.maxTradesMin, field: 'maxtrades' };
  // Not in SPEC: a window needs both ends, the start first.
  const clock = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  for (const names of READER_WINDOWS) {
    const failure = checkTimeWindow(clock(v[names.start]), clock(v[names.end]), names);
    if (failure) return failure;
  }
  return null;
}

/** Masaniello (SPEC §5), in SPEC's order. */
export function checkMasaniello(v: RawValues): RuleFailure | null {
  for (const field of ['capital', 'totalOper', 'totalWin', 'payout']) {
    const n = toNumber(v[field]);
    if (Number.isNaN(n) || n === 0) return { key: Msg.masaniello.mainZero, field };
  }
  const payout = toNumber(v.payout);
  if (payout < 1 || payout > 99) return { key: Msg.masaniello.payoutRange, field: 'payout' };
  if (isMissing(v.typeMas)) return { key: Msg.masaniello.typeMissing, field: 'typeMas' };
  return null;
}

/** The largest Masaniello plan (ROBOT.md §3: `N ≤ 100`). */
export const MASANIELLO_MAX_EVENTS = 100;

/**
 * Masaniello plan, checked by the server after {@link checkMasaniello} (ROBOT.md §3): a positive
 * capital and whole counts with `1 ≤ K < N ≤ 100`. With `K ≥ N` the plan has no losing path left
 * and the stake formula divides by zero, so the server refuses it; SPEC §5 has the form show
 * 'Parametros invalidos' for such a refusal.
 */
export function checkMasanielloPlan(v: RawValues): RuleFailure | null {
  const capital = toNumber(v.capital);
  if (!(capital > 0)) return { key: Msg.invalidParams, field: 'capital' };
  const events = toNumber(v.totalOper);
  const wins = toNumber(v.totalWin);
  if (!Number.isInteger(events) || events > MASANIELLO_MAX_EVENTS)
    return { key: Msg.invalidParams, field: 'totalOper' };
  if (!Number.isInteger(wins) || wins < 1 || wins >= events)
    return { key: Msg.invalidParams, field: 'totalWin' };
  return null;
}

/** Cycles (SPEC §5): level, multiplier, gale level and gale multiplier 0 or more. */
export function checkCycles(v: RawValues): RuleFailure | null {
  return checkNotNegative(v, ['ciclos', 'ciclosFat', 'ciclosGale', 'ciclosGaleFat']);
}

/** Soros (SPEC §5): level and gale not negative; percent above 0 and up to 100. */
export function checkSoros(v: RawValues): RuleFailure | null {
  return checkNotNegative(v, ['soros', 'sorosgale']) ?? checkSorosPercent(v.sorosperc);
}

/**
 * Recovery params (SPEC §3): the cycles and soros settings under their lower-case wire names, so
 * the same SPEC §5 rules apply — cycles first, then soros, as the two screens order them.
 */
export function checkRecoveryParams(v: RawValues): RuleFailure | null {
  return (
    checkNotNegative(v, [
      'ciclos',
      'ciclosfat',
      'ciclosgale',
      'ciclosgalefat',
      'soros',
      'sorosgale',
    ]) ?? checkSorosPercent(v.sorosperc)
  );
}

/**
 * Loss recovery. SPEC §5 gives this screen no rule of its own; it gets the cycles screen's
 * ("0 or more, else 'Parametros invalidos'") so a negative gale or profit never reaches the robot,
 * and its two selects must be chosen.
 */
export function checkLossRecovery(v: RawValues): RuleFailure | null {
  if (isMissing(v.recoverPerc)) return { key: Msg.invalidParams, field: 'recoverPerc' };
  if (isMissing(v.mode)) return { key: Msg.invalidParams, field: 'mode' };
  return checkNotNegative(v, ['recoverGale', 'recoverGaleFat', 'recoverProfit']);
}

/** The highest TCP port. */
export const MAX_PORT = 65_535;

/** Proxy (SPEC §2: the port is a number): a whole port 0–65535 (0 with no address = no proxy). */
export function checkProxy(v: RawValues): RuleFailure | null {
  const port = toNumber(v.porta);
  if (!Number.isInteger(port) || port < 0 || port > MAX_PORT)
    return { key: Msg.invalidParams, field: 'porta' };
  return null;
}

/** Deriv (broker 2) logs in with tokens, through its own call; 0 is "All", no broker to log in to. */
export const BROKERS_WITHOUT_LOGIN: readonly number[] = [0, 2];

/**
 * Broker login (`POST /brokerdata`): a broker with an e-mail/password card, and an e-mail. A blank
 * password keeps the stored one (one rule for every secret field); the server refuses it when
 * none is stored. (Whether the e-mail looks like one is the schema's check.)
 */
export function checkBrokerLogin(v: RawValues): RuleFailure | null {
  const broker = toNumber(v.broker);
  if (Number.isNaN(broker) || BROKERS_WITHOUT_LOGIN.includes(broker))
    return { key: Msg.invalidParams, field: 'broker' };
  if (isMissing(v.email)) return { key: Msg.invalidParams, field: 'email' };
  return null;
}

function checkNotNegative(v: RawValues, fields: readonly string[]): RuleFailure | null {
  for (const field of fields) {
    if (isNotANumber(v[field]) || isNegative(v[field])) return { key: Msg.invalidParams, field };
  }
  return null;
}

function checkSorosPercent(value: unknown): RuleFailure | null {
  const perc = toNumber(value);
  if (!(perc > 0 && perc <= 100)) return { key: Msg.soros.percRange, field: 'sorosperc' };
  return null;
}

/** Create bot (SPEC §5): user id longer than 1 character. */
export function checkCreateBot(v: RawValues): RuleFailure | null {
  const id =
    typeof v.botid === 'string'
      ? v.botid.trim()
      : typeof v.botid === 'number'
        ? String(v.botid)
        : '';
  if (id.length <= 1) return { key: Msg.bots.useridShort, field: 'botid' };
  // A messaging-app bot's id must be one a person could hold (virtual ids lie above them all).
  if (v.virtual !== true && /^\d+$/.test(id) && !isMessagingUserId(id)) {
    return { key: Msg.bots.notMessagingId, field: 'botid' };
  }
  return null;
}

/** Copy request, both request screens (SPEC §5): trader id and name required. */
export function checkCopyRequest(v: RawValues): RuleFailure | null {
  const name = typeof v.userName === 'string' ? v.userName.trim() : '';
  if (isMissing(v.traderid) || name === '') return { key: Msg.copyRequest.fill };
  return null;
}

/**
 * A follower's card for one trader (`/configfollow`, `/configmetafollower`): an enabled card needs
 * a stake, since every copy of a stake of 0 is skipped as an invalid follower, and the follower was
 * told nothing when saving (not in SPEC §5: docs/decisions/2026-11-23-copy-trading-end-to-end.md).
 * A negative stake is left to the schema.
 */
export function checkFollowerStake(v: RawValues): RuleFailure | null {
  if (v.traderEna === true && toNumber(v.lote) === 0) {
    return { key: Msg.follows.stakeMissing, field: 'lote' };
  }
  return null;
}

/** Copy rooms (SPEC §5): trader id required. */
export function checkCopyRooms(v: RawValues): RuleFailure | null {
  if (isMissing(v.traderid)) return { key: Msg.copyRooms.traderIdRequired, field: 'traderid' };
  return null;
}

/** Trader config save, `/configtradercopy` (SPEC §5), in SPEC's order. */
export function checkTraderConfig(v: RawValues): RuleFailure | null {
  // Only text and numbers have a delay to read: String() of an arbitrary JSON object can throw
  // ({"toString":1}) or recurse without end (deeply nested arrays).
  const delay =
    typeof v.delaysig === 'string'
      ? v.delaysig
      : typeof v.delaysig === 'number'
        ? String(v.delaysig)
        : '';
  if (toNumber(v.signalType) === 9 && !delay.includes(',')) {
    return { key: Msg.traderConfig.delayComma, field: 'delaysig' };
  }
  const assets = typeof v.paresFilter === 'string' ? v.paresFilter : '';
  if (assets.includes(' ')) return { key: Msg.traderConfig.assetsSpace, field: 'paresFilter' };
  const color = toNumber(v.candleColor);
  if ((color === 1 || color === 2) && assets === '') {
    return { key: Msg.traderConfig.assetsMissing, field: 'paresFilter' };
  }
  return null;
}
