import { groupBySignal, signalResultOf, type SignalOutcome } from '@app/robot';
import {
  BROKERS,
  ORDERS_CSV_COLUMNS,
  type Language,
  type OrdersCsvFormat,
  type TradingOrder,
  AccountType,
} from '@app/contract';

type Column = (typeof ORDERS_CSV_COLUMNS)[number];

/** A number we wrote ourselves (a minus sign is not a spreadsheet formula). */
interface NumberText {
  num: string;
}
type Cell = string | number | null | NumberText;

/** The header row and the words of a CSV in the trader's language. */
interface CsvWords {
  columns: Record<Column, string>;
  states: Record<TradingOrder['state'], string>;
  accounts: Record<AccountType, string>;
  simulator: string;
  /** A signal's result: won at the entry, at gale n ({n}), lost, draw, in flight, failed. */
  outcomes: {
    wonAtEntry: string;
    wonAtGale: string;
    lost: string;
    draw: string;
    open: string;
    failed: string;
  };
  /** How a settled paper order was priced: at a market, or on the seeded walk. */
  prices: { market: string; simulated: string };
}

const WORDS: Record<Language, CsvWords> = {
  'pt-BR': {
    columns: {
      id: 'Ordem',
      signalId: 'Sinal',
      signalResult: 'Resultado do sinal',
      signalPnl: 'Líquido do sinal',
      sendAt: 'Agendada para',
      confirmedAt: 'Confirmada na corretora',
      channelId: 'ID do canal',
      channelName: 'Canal',
      asset: 'Ativo',
      direction: 'Direção',
      galeLevel: 'Gale',
      stake: 'Entrada',
      payoutPct: 'Payout %',
      accountType: 'Conta',
      brokerId: 'Nº da corretora',
      brokerName: 'Corretora',
      simulator: 'Simulador',
      priceSource: 'Preço',
      state: 'Situação',
      failReason: 'Motivo da falha',
      expiresAt: 'Expiração',
      settledAt: 'Liquidação',
      pnl: 'Resultado',
    },
    states: {
      placed: 'Enviando',
      open: 'Aberta',
      won: 'Win',
      lost: 'Loss',
      draw: 'Empate',
      failed: 'Falhou',
    },
    accounts: {
      [AccountType.demo]: 'Demo',
      [AccountType.real]: 'Real',
      [AccountType.tournament]: 'Torneio',
    },
    simulator: 'Simulador',
    outcomes: {
      wonAtEntry: 'Win na entrada',
      wonAtGale: 'Win no G{n}',
      lost: 'Loss',
      draw: 'Empate',
      open: 'Em andamento',
      failed: 'Falhou',
    },
    prices: { market: 'preço de mercado', simulated: 'preço simulado' },
  },
  'en-US': {
    columns: {
      id: 'Order',
      signalId: 'Signal',
      signalResult: 'Signal result',
      signalPnl: 'Signal net',
      sendAt: 'Scheduled for',
      confirmedAt: 'Confirmed by broker',
      channelId: 'Channel ID',
      channelName: 'Channel',
      asset: 'Asset',
      direction: 'Direction',
      galeLevel: 'Gale',
      stake: 'Stake',
      payoutPct: 'Payout %',
      accountType: 'Account',
      brokerId: 'Broker no.',
      brokerName: 'Broker',
      simulator: 'Simulator',
      priceSource: 'Price',
      state: 'State',
      failReason: 'Failure reason',
      expiresAt: 'Expiry',
      settledAt: 'Settled',
      pnl: 'Result',
    },
    states: {
      placed: 'Sending',
      open: 'Open',
      won: 'Win',
      lost: 'Loss',
      draw: 'Draw',
      failed: 'Failed',
    },
    accounts: {
      [AccountType.demo]: 'Demo',
      [AccountType.real]: 'Real',
      [AccountType.tournament]: 'Tournament',
    },
    simulator: 'Simulator',
    outcomes: {
      wonAtEntry: 'Win at entry',
      wonAtGale: 'Win at G{n}',
      lost: 'Loss',
      draw: 'Draw',
      open: 'In progress',
      failed: 'Failed',
    },
    prices: { market: 'market price', simulated: 'simulated price' },
  },
  'es-ES': {
    columns: {
      id: 'Orden',
      signalId: 'Señal',
      signalResult: 'Resultado de la señal',
      signalPnl: 'Neto de la señal',
      sendAt: 'Programada para',
      confirmedAt: 'Confirmada por el bróker',
      channelId: 'ID del canal',
      channelName: 'Canal',
      asset: 'Activo',
      direction: 'Dirección',
      galeLevel: 'Gale',
      stake: 'Monto',
      payoutPct: 'Payout %',
      accountType: 'Cuenta',
      brokerId: 'N.º del bróker',
      brokerName: 'Bróker',
      simulator: 'Simulador',
      priceSource: 'Precio',
      state: 'Estado',
      failReason: 'Motivo del fallo',
      expiresAt: 'Vencimiento',
      settledAt: 'Liquidación',
      pnl: 'Resultado',
    },
    states: {
      placed: 'Enviando',
      open: 'Abierta',
      won: 'Ganancia',
      lost: 'Pérdida',
      draw: 'Empate',
      failed: 'Falló',
    },
    accounts: {
      [AccountType.demo]: 'Demo',
      [AccountType.real]: 'Real',
      [AccountType.tournament]: 'Torneo',
    },
    simulator: 'Simulador',
    outcomes: {
      wonAtEntry: 'Ganancia en la entrada',
      wonAtGale: 'Ganancia en el G{n}',
      lost: 'Pérdida',
      draw: 'Empate',
      open: 'En curso',
      failed: 'Falló',
    },
    prices: { market: 'precio de mercado', simulated: 'precio simulado' },
  },
};

/** How one CSV writes its cells. */
export interface CsvStyle {
  format: OrdersCsvFormat;
  lang: Language;
  /** The trader's clock (the reader's time zone), hours from UTC: `local` instants use it. */
  utcOffsetHours: number;
}

function csvCell(value: Cell, separator: string): string {
  if (value === null) return '';
  if (typeof value === 'object') return value.num;
  const text = String(value);
  // Quote what would break a row, and neutralise spreadsheet formulas (CSV injection).
  const safe = /^[=+\-@]/.test(text) && typeof value === 'string' ? `'${text}` : text;
  return safe.includes(separator) || /["\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** An instant on the trader's clock to the second: 26/11/2026 14:03:05 (en-US 11/26/2026). */
function localTime(ms: number, lang: Language, utcOffsetHours: number): string {
  const d = new Date(ms + utcOffsetHours * 3_600_000);
  const day = pad(d.getUTCDate());
  const month = pad(d.getUTCMonth() + 1);
  const date =
    lang === 'en-US'
      ? `${month}/${day}/${d.getUTCFullYear()}`
      : `${day}/${month}/${d.getUTCFullYear()}`;
  return `${date} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/** "preço simulado", or "preço de mercado (deriv)", or nothing for an order not priced by us. */
function priceWords(source: string | null, words: CsvWords): string | null {
  if (source === null) return null;
  return source === 'simulated' ? words.prices.simulated : `${words.prices.market} (${source})`;
}

/** A signal's result in the CSV's words (`local`) or as a code (`iso`: won:1, lost…). */
function outcomeCell(outcome: SignalOutcome, words: CsvWords, local: boolean): string {
  if (!local) return outcome.kind === 'won' ? `won:${outcome.step}` : outcome.kind;
  if (outcome.kind !== 'won') return words.outcomes[outcome.kind];
  return outcome.step === 0
    ? words.outcomes.wonAtEntry
    : words.outcomes.wonAtGale.replace('{n}', String(outcome.step));
}

/** Excel reads a CSV as UTF-8 (and "Direção" as itself) only after this mark. */
const UTF8_BOM = '\uFEFF';

/**
 * The orders as CSV text, one row each in the given order; each row carries its signal's result
 * and net, from all of that signal's orders among them (`signalResultOf`). `iso`: ORDERS_CSV_COLUMNS as header,
 * `,` between cells, money in units with a decimal point, instants ISO 8601 UTC, `simulator`
 * true/false. `local`: the header, results and account in the trader's language, `;` and a
 * decimal comma for pt-BR and es-ES, instants on the trader's clock, "Simulador" on paper orders,
 * and the UTF-8 byte-order mark first.
 */
export function ordersCsvText(orders: readonly TradingOrder[], style: CsvStyle): string {
  const local = style.format === 'local';
  const words = WORDS[style.lang];
  const comma = local && style.lang !== 'en-US';
  const separator = comma ? ';' : ',';
  const money = (cents: number | null): Cell => {
    if (cents === null) return null;
    const text = (cents / 100).toFixed(2);
    return { num: comma ? text.replace('.', ',') : text };
  };
  const instant = (ms: number | null): Cell => {
    if (ms === null) return null;
    return local ? localTime(ms, style.lang, style.utcOffsetHours) : new Date(ms).toISOString();
  };
  const header = ORDERS_CSV_COLUMNS.map((c) => (local ? words.columns[c] : c));
  const lines = [header.map((h) => csvCell(h, separator)).join(separator)];
  const signalOf = new Map<TradingOrder, ReturnType<typeof signalResultOf>>();
  for (const group of groupBySignal(orders)) {
    const result = signalResultOf(group);
    for (const o of group) signalOf.set(o, result);
  }
  for (const o of orders) {
    const signal = signalOf.get(o) ?? signalResultOf([o]);
    const settled = signal.outcome.kind !== 'open' && signal.outcome.kind !== 'failed';
    const cells: Record<Column, Cell> = {
      id: o.id,
      signalId: o.signalId,
      signalResult: outcomeCell(signal.outcome, words, local),
      signalPnl: settled ? money(signal.pnlCents) : null,
      sendAt: instant(o.sendAt),
      confirmedAt: instant(o.confirmedAt),
      channelId: o.channelId,
      channelName: o.channelName,
      asset: o.asset,
      direction: o.direction,
      galeLevel: o.galeLevel,
      stake: money(o.stakeCents),
      payoutPct: comma ? { num: String(o.payoutPct).replace('.', ',') } : o.payoutPct,
      accountType: local ? words.accounts[o.accountType] : o.accountType,
      brokerId: o.brokerId,
      brokerName: BROKERS[o.brokerId as keyof typeof BROKERS] ?? null,
      simulator: local ? (o.simulator ? words.simulator : '') : String(o.simulator),
      priceSource: local ? priceWords(o.priceSource, words) : o.priceSource,
      state: local ? words.states[o.state] : o.state,
      failReason: o.failReason,
      expiresAt: instant(o.expiresAt),
      settledAt: instant(o.settledAt),
      pnl: money(o.pnlCents),
    };
    lines.push(ORDERS_CSV_COLUMNS.map((c) => csvCell(cells[c], separator)).join(separator));
  }
  return `${local ? UTF8_BOM : ''}${lines.join('\r\n')}\r\n`;
}
