import {
  ORDERS_CSV_COLUMNS,
  type Language,
  type OrdersCsvFormat,
  type TradingOrder,
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
  accounts: Record<1 | 2 | 3, string>;
  simulator: string;
}

const WORDS: Record<Language, CsvWords> = {
  'pt-BR': {
    columns: {
      id: 'Ordem',
      signalId: 'Sinal',
      sendAt: 'Envio',
      channelId: 'ID do canal',
      channelName: 'Canal',
      asset: 'Ativo',
      direction: 'Direção',
      galeLevel: 'Gale',
      stake: 'Entrada',
      payoutPct: 'Payout %',
      accountType: 'Conta',
      brokerId: 'Corretora',
      simulator: 'Simulador',
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
    accounts: { 1: 'Demo', 2: 'Real', 3: 'Torneio' },
    simulator: 'Simulador',
  },
  'en-US': {
    columns: {
      id: 'Order',
      signalId: 'Signal',
      sendAt: 'Sent',
      channelId: 'Channel ID',
      channelName: 'Channel',
      asset: 'Asset',
      direction: 'Direction',
      galeLevel: 'Gale',
      stake: 'Stake',
      payoutPct: 'Payout %',
      accountType: 'Account',
      brokerId: 'Broker',
      simulator: 'Simulator',
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
    accounts: { 1: 'Demo', 2: 'Real', 3: 'Tournament' },
    simulator: 'Simulator',
  },
  'es-ES': {
    columns: {
      id: 'Orden',
      signalId: 'Señal',
      sendAt: 'Envío',
      channelId: 'ID del canal',
      channelName: 'Canal',
      asset: 'Activo',
      direction: 'Dirección',
      galeLevel: 'Gale',
      stake: 'Monto',
      payoutPct: 'Payout %',
      accountType: 'Cuenta',
      brokerId: 'Bróker',
      simulator: 'Simulador',
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
    accounts: { 1: 'Demo', 2: 'Real', 3: 'Torneo' },
    simulator: 'Simulador',
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

/**
 * The orders as CSV text, one row each in the given order. `iso`: ORDERS_CSV_COLUMNS as header,
 * `,` between cells, money in units with a decimal point, instants ISO 8601 UTC, `simulator`
 * true/false. `local`: the header, results and account in the trader's language, `;` and a
 * decimal comma for pt-BR and es-ES, instants on the trader's clock, "Simulador" on paper orders.
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
  for (const o of orders) {
    const cells: Record<Column, Cell> = {
      id: o.id,
      signalId: o.signalId,
      sendAt: instant(o.sendAt),
      channelId: o.channelId,
      channelName: o.channelName,
      asset: o.asset,
      direction: o.direction,
      galeLevel: o.galeLevel,
      stake: money(o.stakeCents),
      payoutPct: comma ? { num: String(o.payoutPct).replace('.', ',') } : o.payoutPct,
      accountType: local ? words.accounts[o.accountType] : o.accountType,
      brokerId: o.brokerId,
      simulator: local ? (o.simulator ? words.simulator : '') : String(o.simulator),
      state: local ? words.states[o.state] : o.state,
      failReason: o.failReason,
      expiresAt: instant(o.expiresAt),
      settledAt: instant(o.settledAt),
      pnl: money(o.pnlCents),
    };
    lines.push(ORDERS_CSV_COLUMNS.map((c) => csvCell(cells[c], separator)).join(separator));
  }
  return `${lines.join('\r\n')}\r\n`;
}
