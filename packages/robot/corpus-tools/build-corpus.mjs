// Builds the parser's corpus (see README.md here): every format below is a channel format seen in a
// public source (its address in `source`) or one of the issue-29 families, instantiated several
// times with different assets, sides and times. The expected reading is written from what a trader
// reads in the format, never from the parser's output. Writes src/signals/corpus/{train,held-out}.json.
// Run from the repository root: `node packages/robot/corpus-tools/build-corpus.mjs` (then prettier).
import { writeFileSync } from 'node:fs';

const NOW = '2025-05-12T17:20:00Z'; // Monday 14:20 in Brasília (UTC−3)

const FX = [
  ['eur', 'usd'],
  ['gbp', 'jpy'],
  ['aud', 'cad'],
  ['usd', 'chf'],
  ['eur', 'gbp'],
  ['nzd', 'usd'],
  ['usd', 'jpy'],
  ['gbp', 'usd'],
  ['eur', 'jpy'],
  ['aud', 'usd'],
  ['usd', 'cad'],
  ['gbp', 'aud'],
];
const CRYPTO = [
  ['btc', 'usdt'],
  ['eth', 'usdt'],
  ['sol', 'usdt'],
  ['xrp', 'usdt'],
  ['ltc', 'usdt'],
];
const UP = (s) => s.toUpperCase();
const slash = ([a, b]) => `${UP(a)}/${UP(b)}`;
const glued = ([a, b]) => `${UP(a)}${UP(b)}`;
const hyphen = ([a, b]) => `${UP(a)}-${UP(b)}`;
const name = (p, otc = false) => glued(p) + (otc ? '-OTC' : '');
const pad = (n) => String(n).padStart(2, '0');
/** Local `HH:MM` `k` five-minute steps after 14:25. */
const clock = (k) => {
  const m = 14 * 60 + 25 + 5 * k;
  return `${pad(Math.floor(m / 60))}:${pad(m % 60)}`;
};
const plus = (hhmm, min) => {
  const [h, m] = hhmm.split(':').map(Number);
  const t = h * 60 + m + min;
  return `${pad(Math.floor(t / 60))}:${pad(t % 60)}`;
};
const side = (i) => (i % 2 === 0 ? 'CALL' : 'PUT');
const fx = (i, seed = 0) => FX[(i + seed) % FX.length];
const sig = (asset, direction, time, more = {}) => ({ asset, direction, time, ...more });

/** @type {{id:string, source:string, lang:'pt'|'es'|'en', market:string, kind:string, n:number, make:(i:number)=>{text:string, expected:object, settings?:object}}[]} */
const FORMATS = [];
const format = (f) => FORMATS.push(f);

// ---------------------------------------------------------------- real formats (public sources)
format({
  id: 'semicolon-timeframe-first-list',
  source:
    'code corpus: README "Formato dos Sinais" (M1;EURUSD-OTC;19:00;CALL), found by search "lista de sinais M5 PUT"',
  lang: 'pt',
  market: 'otc',
  kind: 'list',
  n: 5,
  make: (i) => {
    const rows = [0, 1, 2].map((k) => {
      const p = fx(i * 3 + k);
      const otc = (i + k) % 2 === 0;
      const tf = [1, 5, 15][k];
      const t = clock(i * 3 + k);
      const d = side(i + k);
      return {
        line: `M${tf};${name(p, otc)};${t};${d}`,
        s: sig(name(p, otc), d, t, { timeframeMin: tf }),
      };
    });
    return {
      text: rows.map((r) => r.line).join('\n'),
      expected: { signals: rows.map((r) => r.s) },
    };
  },
});
format({
  id: 'sinalzinho-gratuito-bullets',
  source:
    'find_string "SINALZINHO GRATUITO" → public file id 28752593469 (telebot script, sinais_teste)',
  lang: 'pt',
  market: 'otc',
  kind: 'single',
  n: 5,
  make: (i) => {
    const p = fx(i, 4);
    const d = side(i);
    const t = clock(i);
    const mark = d === 'CALL' ? '🟩' : '🟥';
    const gales = (i % 2) + 1;
    return {
      text: `🚥 SINALZINHO GRATUITO 🚥\n\n• ${glued(p)} (OTC) - ${d} ${mark}  - ${t}\n• Expiração: 5 minutos [M5]\n• Se perder, fazer até ${gales} Gale.`,
      expected: { signals: [sig(name(p, true), d, t, { timeframeMin: 5, gales })] },
    };
  },
});
format({
  id: 'entrada-confirmada-protecao-schedule',
  heldOut: true,
  source:
    'find_string "EURAUD_SIGNAL = " → public file id 62644312178 (src/otc tests, ENTRADA CONFIRMADA)',
  lang: 'pt',
  market: 'otc',
  kind: 'template',
  n: 5,
  make: (i) => {
    const p = fx(i, 2);
    const d = side(i);
    const t = clock(i * 2);
    const word = d === 'CALL' ? '🟢 COMPRA' : '🔴 VENDA';
    return {
      text: `✅ ENTRADA CONFIRMADA ✅\n🌎 Ativo: ${slash(p)} (OTC)\n⏳ Expiração: M1\n📊 Direção: ${word}\n⏰ Entrada: ${t}\n👉 Fazer até 2 proteções em caso de loss!\n\n1º PROTEÇÃO: TERMINA EM: ${plus(t, 1)}h\n2º PROTEÇÃO: TERMINA EM: ${plus(t, 2)}h`,
      expected: { signals: [sig(name(p, true), d, t, { timeframeMin: 1, gales: 2 })] },
    };
  },
});
format({
  id: 'flag-pair-flag-otc-entry-at',
  source:
    'github Crazy4electrons/Signal_bot_for_telegram-main parse_data.py + test.py (🇪🇺 EUR/USD 🇺🇸 OTC / 🕘 Expiration 5M / ⏺ Entry at 19:55 / 🟩 BUY)',
  lang: 'en',
  market: 'otc',
  kind: 'template',
  n: 5,
  make: (i) => {
    const flags = {
      eur: '🇪🇺',
      usd: '🇺🇸',
      gbp: '🇬🇧',
      jpy: '🇯🇵',
      aud: '🇦🇺',
      chf: '🇨🇭',
      cad: '🇨🇦',
      nzd: '🇳🇿',
    };
    const p = fx(i, 1);
    const d = i % 2 === 0 ? 'BUY' : 'SELL';
    const t = clock(i + 3);
    return {
      text: `${flags[p[0]]} ${slash(p)} ${flags[p[1]]} OTC\n🕘 Expiration 5M\n⏺ Entry at ${t}\n${d === 'BUY' ? '🟩' : '🟥'} ${d}`,
      expected: {
        signals: [sig(name(p, true), d === 'BUY' ? 'CALL' : 'PUT', t, { timeframeMin: 5 })],
      },
    };
  },
});
format({
  id: 'coin-pair-otc-expiration-minutes-entry-at',
  source:
    'find_string "Expiration 5M" → public file id 58609305448 (parse_signal docstring: 🪙 NZD/USD OTC | ⏳ Expiration 5 minutes | ✅ Entry at 19:15 | 🔴 SELL)',
  lang: 'en',
  market: 'otc',
  kind: 'template',
  n: 4,
  make: (i) => {
    const p = fx(i, 5);
    const d = i % 2 === 0 ? 'SELL' : 'BUY';
    const t = clock(i + 6);
    return {
      text: `🪙 ${slash(p)} OTC\n⏳ Expiration 5 minutes\n✅ Entry at ${t}\n${d === 'SELL' ? '🔴' : '🟢'} ${d}`,
      expected: {
        signals: [sig(name(p, true), d === 'BUY' ? 'CALL' : 'PUT', t, { timeframeMin: 5 })],
      },
    };
  },
});
format({
  id: 'entry-at-martingale-levels',
  // Held out until 2026-12-02; its misreadings were inspected while writing the token accounting rules, so it trains now.
  source:
    'find_string "FORCE_OTC" → public file id 48089912164 (listen.py: Expiration / Entry / 1st, 2nd LEVEL at HH:MM lines)',
  lang: 'en',
  market: 'fx',
  kind: 'template',
  n: 5,
  make: (i) => {
    const p = fx(i, 7);
    const d = i % 2 === 0 ? 'BUY' : 'SELL';
    const t = clock(i * 2 + 1);
    const levels = i % 3 === 0 ? 3 : 2;
    const lines = [
      `💰 ${slash(p)}`,
      `⏳ Expiration 5 min`,
      `🕐 Entry at ${t}`,
      `${d === 'BUY' ? '📈' : '📉'} ${d}`,
      '',
      'Martingale levels:',
    ];
    const ord = ['1st', '2nd', '3rd'];
    for (let k = 0; k < levels; k += 1) lines.push(`${ord[k]} level at ${plus(t, 5 * (k + 1))}`);
    return {
      text: lines.join('\n'),
      expected: {
        signals: [
          sig(name(p), d === 'BUY' ? 'CALL' : 'PUT', t, { timeframeMin: 5, gales: levels }),
        ],
      },
    };
  },
});
format({
  id: 'po-signal-bot-no-time',
  source:
    'github pellyjosh/kaiautotrader test/test_signal_parser.py (Pocket Option signal bot: SIGNAL ⬇ / Asset: VISA_otc / Expiration: M5)',
  lang: 'en',
  market: 'otc',
  kind: 'single',
  n: 3,
  make: (i) => {
    const asset = ['VISA_otc', 'EURUSD_otc', 'GBPJPY_otc'][i];
    return {
      text: `SIGNAL ${i % 2 === 0 ? '⬇' : '⬆'}\n\nAsset: ${asset}\nPayout: 92%\nAccuracy: 80%\nExpiration: M5\n\n--------------------------\nAuto-trade: On`,
      // No clock time and no "now": the project's rule (decision 2026-11-22) does not trade it.
      expected: { signals: [], verdict: 'not_signal' },
    };
  },
});
format({
  id: 'moeda-horario-h-flag',
  source:
    'find_string "SINALZINHO GRATUITO" → public file id 42405955708 (iqbot get_message_options: "Moeda: …", "⏰ 9:30h 🇧🇷")',
  lang: 'pt',
  market: 'fx',
  kind: 'template',
  n: 5,
  make: (i) => {
    const p = fx(i, 3);
    const d = i % 2 === 0 ? 'COMPRA' : 'VENDA';
    const h = 14 + (i % 2);
    const t = `${h}:${pad(30 + i * 5)}`;
    return {
      text: `🚨 SINAL VIP 🚨\nMoeda: ${i % 2 ? slash(p) : glued(p)}\n⏰ ${t}h 🇧🇷\n${d === 'COMPRA' ? '⬆️' : '⬇️'} ${d}\n⌛ M5`,
      settings: { timezoneOffsetHours: 0 },
      expected: {
        signals: [
          sig(name(p), d === 'COMPRA' ? 'CALL' : 'PUT', t, {
            timeframeMin: 5,
            at: `2025-05-12T${pad(h + 3)}:${pad(30 + i * 5)}:00Z`,
          }),
        ],
      },
    };
  },
});
format({
  id: 'novo-sinal-proxima-vela-gerado-as',
  // Held out until 2026-12-02; its misreadings were inspected while writing the token accounting rules, so it trains now.
  source:
    'github eosite245/TECH- app.js (🟢 NOVO SINAL / Ativo / Direção / Entrada: Próxima vela (Expiração: 15 minutos) / 🕒 Gerado às)',
  lang: 'pt',
  market: 'fx',
  kind: 'template',
  n: 4,
  make: (i) => {
    const p = fx(i, 6);
    const d = side(i);
    const tf = i % 2 ? 5 : 15;
    return {
      text: `🟢 NOVO SINAL\nAtivo: ${slash(p)}\nDireção: ${d}\nEntrada: Próxima vela (Expiração: ${tf} minutos)\n🕒 Gerado às: 14:${pad(15 + i)} (Horário de Brasília)`,
      expected: { signals: [sig(name(p), d, undefined, { timeframeMin: tf })] },
    };
  },
});
format({
  id: 'resultado-do-sinal',
  source: 'github eosite245/TECH- app.js (📊 RESULTADO DO SINAL / Resultado: ✅ WIN / ❌ LOSS)',
  lang: 'pt',
  market: 'fx',
  kind: 'result',
  n: 4,
  make: (i) => {
    const p = fx(i, 6);
    return {
      text: `📊 RESULTADO DO SINAL\nAtivo: ${slash(p)}\nDireção: ${side(i)}\nResultado: ${i % 2 ? '❌ LOSS' : '✅ WIN'}\n🕒 Resultado às: 14:${pad(10 + i)} (Horário de Brasília)`,
      expected: { signals: [], verdict: 'result' },
    };
  },
});
format({
  id: 'operacao-segunda-terceira-chance',
  source:
    'find_string "Expiração: 5" → public file id 7396653226 (✅ OPERAÇÃO / Horário / Direção / Segunda chance / Terceira chance)',
  lang: 'pt',
  market: 'fx',
  kind: 'template',
  n: 5,
  make: (i) => {
    const p = fx(i, 8);
    const d = i % 2 === 0 ? 'COMPRA' : 'VENDA';
    const t = clock(i * 2);
    return {
      text: `✅ *OPERAÇÃO - ${glued(p)}*\n\n👉 Horário: ${t}\n🎯 Direção: ${d} ${d === 'COMPRA' ? '🟢' : '🔴'}\n⏰ Expiração: 5 min\n🎰 Probabilidade: ${80 + i}%\n\n🔁 Se PERDER na primeira, entre DOBRADO na próxima\n👉 Segunda chance: ${plus(t, 5)}\n👉 Terceira chance: ${plus(t, 10)}\n\n🤖 *Sinal gerado por IA - Não garantimos lucros*`,
      expected: {
        signals: [sig(name(p), d === 'COMPRA' ? 'CALL' : 'PUT', t, { timeframeMin: 5, gales: 2 })],
      },
    };
  },
});
format({
  id: 'moeda-igual-protecao-schedule',
  heldOut: true,
  source:
    'find_string "1ª proteção" → public file id 23018866974 (💵 Moeda = / ⏰ Expiração = / 🛎 Entrada = / ♾️ 1ª Proteção🛡️ - / Até 2 reentradas)',
  lang: 'pt',
  market: 'otc',
  kind: 'template',
  n: 5,
  make: (i) => {
    const p = fx(i, 9);
    const d = i % 2 === 0 ? 'COMPRA' : 'VENDA';
    const t = clock(i * 2 + 1);
    return {
      text: `⚠️ OPORTUNIDADE ⚠️\n💵 Moeda = ${slash(p)} (OTC)\n⏰ Expiração = 5 minutos\n🛎 Entrada = ${t}\n${d === 'COMPRA' ? '🟢' : '🔴'} ${d}\n\n♾️ 1ª Proteção🛡️ - ${plus(t, 5)}\n♾️ 2ª Proteção🛡️ - ${plus(t, 10)}\n\n👉🏼 Até 2 reentradas se necessário`,
      expected: {
        signals: [
          sig(name(p, true), d === 'COMPRA' ? 'CALL' : 'PUT', t, { timeframeMin: 5, gales: 2 }),
        ],
      },
    };
  },
});
format({
  id: 'cornix-crypto-spot',
  source:
    'https://help.cornix.io/en/articles/5814956-signal-posting (free-text format: pair, Buy/Entry, Targets, Stop)',
  lang: 'en',
  market: 'crypto',
  kind: 'chatter',
  n: 4,
  make: (i) => {
    const p = CRYPTO[i % CRYPTO.length];
    return {
      text: `#${glued(p)}\n${slash(p)}\nBuy zone: ${100 + i}-${110 + i}\nTargets: ${120 + i} - ${130 + i} - ${140 + i}\nStop: ${90 + i}\nLeverage: 10x`,
      // A spot/futures call with prices and no entry time: not a binary-options entry.
      expected: { signals: [], verdict: 'not_signal' },
    };
  },
});
format({
  id: 'forex-tp-sl-no-time',
  source:
    'github guardrails-ai/guardrails test.py (Opengates: Symbol / Action: SELL / Entry / TakeProfit / StopLoss)',
  lang: 'en',
  market: 'fx',
  kind: 'chatter',
  n: 3,
  make: (i) => ({
    text: `Opengates Forex Trade Signal Alert Services:\nSymbol: ${glued(fx(i, 2))}\nAction: ${i % 2 ? 'BUY' : 'SELL'}\nEntry: 1.8${3605 + i}\nTakeProfit: 1.8${3386 + i}\nStopLoss: 1.8${5217 + i}\nGood Favor.`,
    expected: { signals: [], verdict: 'not_signal' },
  }),
});
format({
  id: 'pipe-line-entry-at',
  source:
    'find_string "Expiration 5M" → public file id 58609305448 (one-line form: 🇬🇧 GBP/USD 🇺🇸 OTC | 🕘 Expiration 5M | ⏺ Entry at 01:30 | 🟥 SELL)',
  lang: 'en',
  market: 'otc',
  kind: 'single',
  n: 4,
  make: (i) => {
    const p = fx(i, 10);
    const d = i % 2 ? 'BUY' : 'SELL';
    const t = clock(i * 3);
    return {
      text: `${slash(p)} OTC | 🕘 Expiration 5M | ⏺ Entry at ${t} | ${d === 'BUY' ? '🟩' : '🟥'} ${d}`,
      expected: {
        signals: [sig(name(p, true), d === 'BUY' ? 'CALL' : 'PUT', t, { timeframeMin: 5 })],
      },
    };
  },
});
format({
  id: 'martingala-notice-es',
  source:
    'find_string "Martingala 1" → public files 57755398387, 53462286744 (⚠️ Martingala 1 / MARTINGALA 1 notices)',
  lang: 'es',
  market: 'fx',
  kind: 'chatter',
  n: 3,
  make: (i) => ({
    text: [
      `⚠️ MARTINGALA ${i + 1}\n\nDobla tu entrada anterior.`,
      '⚠️ *MARTINGALA 1*\n\nEntramos de nuevo, misma dirección.',
      '✅ ¡WIN en la martingala 2!\nEstrategia aplicada con éxito.',
    ][i],
    expected: { signals: [], verdict: i === 2 ? 'result' : 'not_signal' },
  }),
});

// ---------------------------------------------------------------- common channel layouts (pt/es/en)
format({
  id: 'pt-list-header-fuso-expiracao',
  source:
    'own variant of the Brazilian list layout (fixture 05: lists are the commonest channel format)',
  lang: 'pt',
  market: 'fx',
  kind: 'list',
  n: 5,
  make: (i) => {
    const rows = [0, 1, 2, 3].map((k) => {
      const p = fx(i + k * 2);
      const d = side(i + k);
      const t = clock(i + k * 2);
      return {
        line: `${t} - ${slash(p)} - ${d === 'CALL' ? 'CALL 🟢' : 'PUT 🔴'}`,
        s: sig(name(p), d, t, { timeframeMin: 5, gales: 1 }),
      };
    });
    return {
      text: `📋 LISTA DE SINAIS - M5\n🕐 Horário de Brasília\n🐔 1 gale\n\n${rows.map((r) => r.line).join('\n')}`,
      expected: { signals: rows.map((r) => r.s) },
    };
  },
});
format({
  id: 'es-senal-vertical',
  heldOut: true,
  source:
    'own variant: Spanish vertical template (Par / Dirección / Hora / Expiración / Martingalas)',
  lang: 'es',
  market: 'otc',
  kind: 'template',
  n: 5,
  make: (i) => {
    const p = fx(i, 3);
    const d = side(i);
    const t = clock(i * 2);
    const word =
      d === 'CALL'
        ? ['ARRIBA ⬆️', 'COMPRA 🟢', 'SUBE 📈', 'ARRIBA 🔼', 'COMPRA ⬆️'][i]
        : ['ABAJO ⬇️', 'VENTA 🔴', 'BAJA 📉', 'ABAJO 🔽', 'VENTA ⬇️'][i];
    return {
      text: `🇪🇸 SEÑAL CONFIRMADA\nPar: ${slash(p)} OTC\nDirección: ${word}\nHora: ${t}\nExpiración: ${[1, 5, 5, 1, 15][i]} min\nMartingalas: hasta ${(i % 2) + 1}`,
      expected: {
        signals: [
          sig(name(p, true), d, t, { timeframeMin: [1, 5, 5, 1, 15][i], gales: (i % 2) + 1 }),
        ],
      },
    };
  },
});
format({
  id: 'es-lista-pipes',
  source: 'own variant: Spanish pipe list (EUR/USD | 14:30 | BAJA | M5)',
  lang: 'es',
  market: 'fx',
  kind: 'list',
  n: 4,
  make: (i) => {
    const rows = [0, 1, 2].map((k) => {
      const p = fx(i * 2 + k, 1);
      const d = side(i + k);
      const t = clock(i * 3 + k);
      const w = d === 'CALL' ? ['SUBE', 'ARRIBA', 'COMPRA'][k] : ['BAJA', 'ABAJO', 'VENTA'][k];
      return { line: `${slash(p)} | ${t} | ${w} | M5`, s: sig(name(p), d, t, { timeframeMin: 5 }) };
    });
    return {
      text: `LISTA DE SEÑALES 🔥\nHora de Colombia (UTC-5)\n\n${rows.map((r) => r.line).join('\n')}`,
      settings: { timezoneOffsetHours: -5 },
      expected: { signals: rows.map((r) => r.s) },
    };
  },
});
format({
  id: 'en-call-put-single-line',
  source: 'own variant: English one-line signal (EURUSD - 14:30 - PUT - 5 min)',
  lang: 'en',
  market: 'fx',
  kind: 'single',
  n: 5,
  make: (i) => {
    const p = fx(i, 11);
    const d = side(i);
    const t = clock(i * 2);
    const dur = ['5 min', '1 minute', 'M15', '60s', '5 minutes'][i];
    const tf = [5, 1, 15, 1, 5][i];
    const w =
      d === 'CALL'
        ? ['CALL', 'UP ⬆️', 'HIGHER', 'RISE', 'BUY 🟢'][i]
        : ['PUT', 'DOWN ⬇️', 'LOWER', 'FALL', 'SELL 🔴'][i];
    return {
      text: `${glued(p)} - ${t} - ${w} - ${dur}`,
      expected: { signals: [sig(name(p), d, t, { timeframeMin: tf })] },
    };
  },
});
format({
  id: 'crypto-binary-single',
  heldOut: true,
  source: 'own variant: crypto binary signal (BTC/USDT ⏰ 14:30 🔼 CALL M1)',
  lang: 'en',
  market: 'crypto',
  kind: 'single',
  n: 5,
  make: (i) => {
    const p = CRYPTO[i % CRYPTO.length];
    const d = side(i);
    const t = clock(i * 2 + 1);
    return {
      text: `₿ ${i % 2 ? slash(p) : glued(p)} ⏰ ${t} ${d === 'CALL' ? '🔼' : '🔽'} ${d} M1${i === 4 ? ' G1' : ''}`,
      expected: {
        signals: [sig(name(p), d, t, { timeframeMin: 1, ...(i === 4 ? { gales: 1 } : {}) })],
      },
    };
  },
});
format({
  id: 'stocks-otc-template',
  source:
    'own variant of broker stock names (code corpus: VALID_OTC_STOCKS "Apple OTC", "Tesla OTC"…)',
  lang: 'pt',
  market: 'stock',
  kind: 'template',
  n: 4,
  make: (i) => {
    const stock = [
      ['Apple OTC', 'AAPL-OTC'],
      ['Tesla OTC', 'TSLA-OTC'],
      ['Microsoft OTC', 'MSFT-OTC'],
      ['Amazon OTC', 'AMZN-OTC'],
    ][i];
    const d = side(i);
    const t = clock(i + 2);
    return {
      text: `📊 ATIVO: ${stock[0]}\n⏰ ENTRADA: ${t}\n${d === 'CALL' ? '🟢 COMPRA' : '🔴 VENDA'}\n⌛ EXPIRAÇÃO: M5`,
      expected: { signals: [sig(stock[1], d, t, { timeframeMin: 5 })] },
    };
  },
});
format({
  id: 'results-mixed',
  source: 'own variants of result posts (pt/es/en: WIN ✅, GAIN, placar, ganada, DOJI)',
  lang: 'pt',
  market: 'fx',
  kind: 'result',
  n: 8,
  make: (i) => {
    const p = fx(i, 4);
    const texts = [
      `✅ WIN ${slash(p)} ${clock(i)}`,
      `WIN NO G1 ✅✅\n${glued(p)} ${clock(i)} CALL`,
      `❌ LOSS\n${slash(p)} - ${clock(i)}`,
      `Placar do dia: 8x1 🔥🔥`,
      `🏆 RESULTADO: GAIN\n${glued(p)} M5`,
      `✅ ¡Señal ganada!\n${slash(p)} ${clock(i)} ARRIBA`,
      `DOJI ⚖️ ${slash(p)} ${clock(i)} — devolvido`,
      `Results today ✅✅✅❌✅\nScore 4x1`,
    ];
    return { text: texts[i], expected: { signals: [], verdict: 'result' } };
  },
});
format({
  id: 'chatter',
  heldOut: true,
  source: 'own variants of channel chatter (greetings, links, lives, management advice)',
  lang: 'pt',
  market: 'fx',
  kind: 'chatter',
  n: 8,
  make: (i) => {
    const texts = [
      'Bom dia traders! ☀️ Hoje tem lista às 15h, fiquem ligados!',
      'Vamos pra cima 🚀🚀 quem lucrou hoje manda print!',
      '🔗 Link da corretora com bônus: https://exemplo.com/ref/abc',
      '🎥 Live hoje às 20:00 no YouTube, análise do EUR/USD',
      'Gestão: 2% da banca por entrada, stop loss de 3 entradas.',
      '¡Buenos días traders! ¿Preparados para la sesión de hoy? 💪',
      "Who's ready for the next session? 🔥 Signals start at 2pm",
      'Mercado muito volátil hoje, paciência. Lista mais tarde.',
    ];
    return { text: texts[i], expected: { signals: [], verdict: 'not_signal' } };
  },
});

// ---------------------------------------------------------------- the field's layout families (own variants)
format({
  id: 'family-otc-after-timeframe',
  source: 'a reading family: market suffix elsewhere on the line (after the timeframe)',
  lang: 'pt',
  market: 'otc',
  kind: 'single',
  n: 6,
  make: (i) => {
    const p = fx(i, 2);
    const d = side(i);
    const t = clock(i * 2);
    const texts = [
      `${slash(p)} M5 OTC ${t} ${d}`,
      `${glued(p)} ${t} ${d} M1 (OTC)`,
      `${glued(p)};M5;OTC;${t};${d}`,
      `${slash(p)} - ${d} - M1 - OTC - ${t}`,
      `⏰${t} ${glued(p)} ${d === 'CALL' ? '🔼' : '🔽'} ${d} 5M OTC`,
      `${slash(p)} | M5 | OTC | ${t} | ${d}`,
    ];
    const tf = [5, 1, 5, 1, 5, 5][i];
    return {
      text: texts[i],
      expected: { signals: [sig(name(p, true), d, t, { timeframeMin: tf })] },
    };
  },
});
format({
  id: 'family-fuso-gmt-bare-offset',
  source: 'a reading family: time zone written as FUSO / GMT / UTC with a bare offset',
  lang: 'pt',
  market: 'fx',
  kind: 'list',
  n: 7,
  make: (i) => {
    const heads = [
      '⏰ FUSO -3',
      '🌎 FUSO: -03',
      'FUSO HORÁRIO: -3',
      'GMT: -3',
      'UTC: -4',
      'Horário (GMT -3)',
      'Fuso -03:00 (Brasília)',
    ];
    const offs = [-3, -3, -3, -3, -4, -3, -3];
    const rows = [0, 1].map((k) => {
      const p = fx(i + k * 5);
      const d = side(i + k);
      const t = clock(i + k * 4);
      const [h, m] = t.split(':').map(Number);
      const at = `2025-05-12T${pad(h - offs[i])}:${pad(m)}:00Z`;
      return { line: `${glued(p)} ${t} ${d}`, s: sig(name(p), d, t, { at }) };
    });
    return {
      text: `LISTA M5\n${heads[i]}\n\n${rows.map((r) => r.line).join('\n')}`,
      settings: { timezoneOffsetHours: 0 },
      expected: { signals: rows.map((r) => r.s) },
    };
  },
});
format({
  id: 'family-whole-hours',
  source: 'a reading family: whole hours written with "h" alone (15h)',
  lang: 'pt',
  market: 'fx',
  kind: 'single',
  n: 6,
  make: (i) => {
    const p = fx(i, 5);
    const d = side(i);
    const h = 15 + (i % 3);
    const texts = [
      `${slash(p)} ${h}h ${d} M5`,
      `⏰ ${h}h ${d === 'CALL' ? 'COMPRA' : 'VENDA'} ${glued(p)}`,
      `${slash(p)} às ${h}h — ${d === 'CALL' ? 'COMPRA' : 'VENDA'}`,
      `${glued(p)} ${h}H ${d} M1`,
      `${h}h ${glued(p)} ${d === 'CALL' ? '⬆️' : '⬇️'}`,
      `Entrada ${h}h\n${slash(p)}\n${d}`,
    ];
    return { text: texts[i], expected: { signals: [sig(name(p), d, `${h}:00`)] } };
  },
});
format({
  id: 'family-hyphen-pairs',
  source: 'a reading family: pairs written with a hyphen (EUR-USD)',
  lang: 'en',
  market: 'fx',
  kind: 'single',
  n: 6,
  make: (i) => {
    const p = fx(i, 8);
    const d = side(i);
    const t = clock(i * 2 + 1);
    const otc = i % 2 === 1;
    const texts = [
      `${hyphen(p)} ${t} ${d} M5`,
      `${hyphen(p)}-OTC ${t} ${d}`,
      `${t} ${hyphen(p)} ${d === 'CALL' ? 'COMPRA' : 'VENDA'}`,
      `${hyphen(p)} OTC | ${t} | ${d}`,
      `📌 ${hyphen(p)} ⏰ ${t} ${d === 'CALL' ? '🟢' : '🔴'}`,
      `${hyphen(p)} (OTC) - ${d} - ${t}`,
    ];
    return { text: texts[i], expected: { signals: [sig(name(p, otc), d, t)] } };
  },
});
format({
  id: 'family-gale-schedule-and-ate',
  source: 'a reading family: gale counts as a schedule of gale times or as "GALE: até N"',
  lang: 'pt',
  market: 'fx',
  kind: 'template',
  n: 8,
  make: (i) => {
    const p = fx(i, 6);
    const d = side(i);
    const t = clock(i);
    const w = d === 'CALL' ? 'CALL' : 'PUT';
    const texts = [
      [`${glued(p)} ${t} ${w} M5`, 'GALE: até 2', 2],
      [`${glued(p)} ${t} ${w} M5`, 'Gale: até 1', 1],
      [`${glued(p)} ${t} ${w} M5`, `G1: ${plus(t, 5)} | G2: ${plus(t, 10)}`, 2],
      [`${glued(p)} ${t} ${w} M5`, `1º gale ${plus(t, 5)}\n2º gale ${plus(t, 10)}`, 2],
      [
        `${glued(p)} ${t} ${w} M5`,
        `Martingale 1 - ${plus(t, 5)}\nMartingale 2 - ${plus(t, 10)}\nMartingale 3 - ${plus(t, 15)}`,
        3,
      ],
      [`${glued(p)} ${t} ${w} M5`, `Proteções: ${plus(t, 5)} e ${plus(t, 10)}`, 2],
      [`${glued(p)} ${t} ${w} M5`, 'MG: até 2', 2],
      [`${glued(p)} ${t} ${w} M5`, `1ª proteção às ${plus(t, 5)}`, 1],
    ][i];
    return {
      text: `${texts[0]}\n${texts[1]}`,
      expected: { signals: [sig(name(p), d, t, { timeframeMin: 5, gales: texts[2] })] },
    };
  },
});
format({
  id: 'family-header-advice-not-cancel',
  source: 'a reading family: general advice in a list header is not a cancellation',
  lang: 'pt',
  market: 'fx',
  kind: 'list',
  n: 7,
  make: (i) => {
    const advice = [
      '⚠️ Cuidado com notícias, não entrem após 2 gales',
      'Evitem operar em horário de notícia!',
      'Não entrem se a vela abrir com gap.',
      '⚠️ No entren después de 2 martingalas',
      'Do not enter after gale 2. Avoid news times.',
      'Se der loss no G2, parem por hoje. Não entrem atrasados.',
      '🚫 Não operem fora da lista! Evitem exageros na mão.',
    ][i];
    const rows = [0, 1, 2].map((k) => {
      const p = fx(i + k * 3, 1);
      const d = side(i + k);
      const t = clock(i + k * 3);
      return { line: `${t} ${glued(p)} ${d}`, s: sig(name(p), d, t, { timeframeMin: 5 }) };
    });
    return {
      text: `LISTA VIP M5\n${advice}\n\n${rows.map((r) => r.line).join('\n')}`,
      expected: { signals: rows.map((r) => r.s) },
    };
  },
});
format({
  id: 'cancellations',
  source: 'own variants of cancellation posts (pt/es/en), each naming the signal it cancels',
  lang: 'pt',
  market: 'fx',
  kind: 'cancel',
  n: 8,
  make: (i) => {
    const p = fx(i, 3);
    const t = clock(i);
    const texts = [
      `❌ CANCELADO ❌\n${slash(p)} ${t}`,
      `Sinal das ${t} cancelado (${glued(p)}). Não entrem!`,
      `Cancelem a entrada de ${glued(p)}`,
      `SIGNAL CANCELLED - ${glued(p)} ${t}`,
      `Señal anulada: ${slash(p)} ${t}. No entrar.`,
      `⚠️ Desconsiderem o sinal de ${slash(p)} às ${t}`,
      `🚫 ${glued(p)} ${t} — NÃO ENTRAR, notícia forte`,
      `Do not enter ${slash(p)} at ${t}, news release.`,
    ];
    const named = [true, true, false, true, true, true, true, true][i];
    return {
      text: texts[i],
      expected: {
        signals: [],
        verdict: 'cancel',
        cancels: { asset: name(p), ...(named ? { time: t } : {}) },
      },
    };
  },
});
format({
  id: 'contradictions',
  source: 'own variants: contradictory lines (never trade on doubt)',
  lang: 'pt',
  market: 'fx',
  kind: 'single',
  n: 5,
  make: (i) => {
    const p = fx(i, 7);
    const t = clock(i);
    const texts = [
      `${glued(p)} ${t} CALL 🔴`,
      `${slash(p)} ${t} COMPRA / VENDA`,
      `${glued(p)} ${t} PUT ⬆️`,
      `${glued(p)} ${t} CALL PUT M5`,
      `${slash(p)} ${t} VENDA 🟢`,
    ];
    return { text: texts[i], expected: { signals: [], verdict: 'not_signal' } };
  },
});
format({
  id: 'time-separators',
  heldOut: true,
  source: 'own variants: clock spellings (14h30, 14.30, 14:30:00, às 14:30hs)',
  lang: 'pt',
  market: 'fx',
  kind: 'single',
  n: 5,
  make: (i) => {
    const p = fx(i, 9);
    const d = side(i);
    const t = clock(i * 2);
    const [h, m] = t.split(':');
    const texts = [
      `${glued(p)} ${h}h${m} ${d}`,
      `${glued(p)} ${h}.${m} ${d}`,
      `${glued(p)} ${t}:00 ${d}`,
      `${glued(p)} às ${t}hs ${d}`,
      `${glued(p)} ${h}H${m} ${d}`,
    ];
    return { text: texts[i], expected: { signals: [sig(name(p), d, t)] } };
  },
});
format({
  id: 'gale-spellings',
  source:
    'own variants: gale spellings (G2, MG1, martingale 2, 2 martingalas, sem gale, com 1 proteção, up to 2 martingales)',
  lang: 'en',
  market: 'fx',
  kind: 'single',
  n: 8,
  make: (i) => {
    const p = fx(i, 10);
    const d = side(i);
    const t = clock(i);
    const g = [
      ['G2', 2],
      ['MG1', 1],
      ['martingale 2', 2],
      ['2 martingalas', 2],
      ['sem gale', 0],
      ['com 1 proteção', 1],
      ['up to 2 martingales', 2],
      ['hasta 1 gale', 1],
    ][i];
    return {
      text: `${glued(p)} ${t} ${d} M5 ${g[0]}`,
      expected: { signals: [sig(name(p), d, t, { timeframeMin: 5, gales: g[1] })] },
    };
  },
});
format({
  id: 'duration-spellings',
  source:
    'own variants: expiry spellings (1M, 5 minutos, 300s, Tempo: 5 min, TF M15, ⌛ 1 minuto, H1)',
  lang: 'pt',
  market: 'fx',
  kind: 'single',
  n: 7,
  make: (i) => {
    const p = fx(i, 11);
    const d = side(i);
    const t = clock(i);
    const dur = [
      ['1M', 1],
      ['5 minutos', 5],
      ['300s', 5],
      ['Tempo: 5 min', 5],
      ['TF M15', 15],
      ['⌛ 1 minuto', 1],
      ['H1', 60],
    ][i];
    return {
      text: `${glued(p)} ${t} ${d}\n${dur[0]}`,
      expected: { signals: [sig(name(p), d, t, { timeframeMin: dur[1] })] },
    };
  },
});
format({
  id: 'direction-marks',
  heldOut: true,
  source: 'own variants: direction symbols (🔺/🔻, 📈/📉, ⤴️/⤵️, 🟢/🔴 alone)',
  lang: 'en',
  market: 'otc',
  kind: 'single',
  n: 6,
  make: (i) => {
    const p = fx(i, 4);
    const d = side(i);
    const t = clock(i * 2);
    const marks = [
      ['🔺', '🔻'],
      ['📈', '📉'],
      ['⤴️', '⤵️'],
      ['🟢', '🔴'],
      ['⬆️⬆️', '⬇️⬇️'],
      ['🟩', '🟥'],
    ][i];
    return {
      text: `${glued(p)}-OTC ${t} ${d === 'CALL' ? marks[0] : marks[1]}`,
      expected: { signals: [sig(name(p, true), d, t)] },
    };
  },
});
format({
  id: 'es-cancel-and-advice',
  source: 'own variants: Spanish list with advice header, and Spanish cancellations',
  lang: 'es',
  market: 'otc',
  kind: 'list',
  n: 4,
  make: (i) => {
    const rows = [0, 1].map((k) => {
      const p = fx(i + k * 4, 2);
      const d = side(i + k);
      const t = clock(i + k * 5);
      return {
        line: `${glued(p)}-OTC ${t} ${d === 'CALL' ? 'ARRIBA' : 'ABAJO'}`,
        s: sig(name(p, true), d, t),
      };
    });
    const head = [
      'Eviten operar en noticias.',
      'No entres tarde ⚠️',
      'Cuidado: no operen después del gale 2',
      'Respeten la gestión, no entren con miedo',
    ][i];
    return {
      text: `LISTA OTC 🇨🇴\n${head}\n${rows.map((r) => r.line).join('\n')}`,
      settings: { timezoneOffsetHours: -3 },
      expected: { signals: rows.map((r) => r.s) },
    };
  },
});
format({
  id: 'en-list-utc-header',
  source: 'own variant: English list with a UTC header and expiry footer',
  lang: 'en',
  market: 'otc',
  kind: 'list',
  n: 4,
  make: (i) => {
    const rows = [0, 1, 2].map((k) => {
      const p = fx(i * 2 + k, 3);
      const d = side(i + k);
      const t = clock(i + k * 3);
      const [h, m] = t.split(':').map(Number);
      return {
        line: `${t} ${slash(p)} OTC ${d}`,
        s: sig(name(p, true), d, t, { timeframeMin: 1, at: `2025-05-12T${pad(h)}:${pad(m)}:00Z` }),
      };
    });
    return {
      text: `🌍 SIGNALS LIST (UTC)\n${rows.map((r) => r.line).join('\n')}\n⏳ Expiry: 1 minute`,
      settings: { timezoneOffsetHours: -3 },
      // The header's UTC beats the card's −3: read at 14:20 UTC, the first entry is due at 14:25 UTC.
      now: '2025-05-12T14:20:00Z',
      expected: { signals: rows.map((r) => r.s) },
    };
  },
});

format({
  id: 'pt-vertical-ativo-horario-direcao',
  heldOut: true,
  source:
    'own variant of the Brazilian vertical card (💎 ATIVO / ⏰ HORÁRIO / 📈 DIREÇÃO / ⏳ EXPIRAÇÃO / 🐔 GALE)',
  lang: 'pt',
  market: 'otc',
  kind: 'template',
  n: 5,
  make: (i) => {
    const p = fx(i, 7);
    const d = side(i);
    const t = clock(i * 2 + 2);
    const otc = i % 2 === 0;
    return {
      text: `💎 ATIVO: ${slash(p)}${otc ? ' (OTC)' : ''}\n⏰ HORÁRIO: ${t}\n${d === 'CALL' ? '📈' : '📉'} DIREÇÃO: ${d}\n⏳ EXPIRAÇÃO: M1\n🐔 GALE: ${i % 3}`,
      expected: { signals: [sig(name(p, otc), d, t, { timeframeMin: 1, gales: i % 3 })] },
    };
  },
});
format({
  id: 'es-entra-ahora',
  source: 'own variant: Spanish immediate signal (ENTRA AHORA)',
  lang: 'es',
  market: 'otc',
  kind: 'single',
  n: 4,
  make: (i) => {
    const p = fx(i, 1);
    const d = side(i);
    return {
      text: `🔥 ENTRA AHORA 🔥\n${slash(p)} OTC\n${d === 'CALL' ? 'COMPRA ⬆️' : 'VENTA ⬇️'}\n${i % 2 ? 5 : 1} minuto${i % 2 ? 's' : ''}`,
      expected: { signals: [sig(name(p, true), d, undefined, { timeframeMin: i % 2 ? 5 : 1 })] },
    };
  },
});
format({
  id: 'en-now-immediate',
  source: 'own variant: English immediate signal (⚡ NOW: GBP/JPY OTC CALL 1M)',
  lang: 'en',
  market: 'otc',
  kind: 'single',
  n: 3,
  make: (i) => {
    const p = fx(i, 9);
    const d = side(i);
    return {
      text: `⚡ NOW: ${slash(p)} OTC ${d} 1M`,
      expected: { signals: [sig(name(p, true), d, undefined, { timeframeMin: 1 })] },
    };
  },
});
format({
  id: 'pt-list-gale-per-line',
  // Held out until 2026-12-02; its misreadings were inspected while writing the token accounting rules, so it trains now.
  source: 'own variant: list whose lines carry their own gale count (14:30 - EUR/USD - PUT - G1)',
  lang: 'pt',
  market: 'fx',
  kind: 'list',
  n: 4,
  make: (i) => {
    const rows = [0, 1, 2].map((k) => {
      const p = fx(i + k * 3, 5);
      const d = side(i + k);
      const t = clock(i + k * 4);
      const g = (i + k) % 3;
      return {
        line: `${t} - ${slash(p)} - ${d} - ${g === 0 ? 'SG' : `G${g}`}`,
        s: sig(name(p), d, t, { gales: g }),
      };
    });
    return {
      text: `📋 LISTA M1\n${rows.map((r) => r.line).join('\n')}`,
      expected: { signals: rows.map((r) => r.s) },
    };
  },
});
format({
  id: 'es-resultados',
  source: 'own variants: Spanish result posts (GANADA, perdida, marcador)',
  lang: 'es',
  market: 'fx',
  kind: 'result',
  n: 4,
  make: (i) => {
    const p = fx(i, 2);
    const texts = [
      `✅ GANADA EN MARTINGALA 1\n${slash(p)} ${clock(i)}`,
      'Resultado de la lista: 9 ganadas ✅ 1 perdida ❌',
      `❌ Perdida en ${glued(p)}, seguimos con gestión.`,
      `Marcador de hoy 🇨🇴 7x2`,
    ];
    return { text: texts[i], expected: { signals: [], verdict: 'result' } };
  },
});

// ---------------------------------------------------------------- second batch (fresh sources)
// Added after the first rules were written and scored once before any rule for them.
format({
  id: 'ativo-op2-op3-crypto',
  source:
    'github tomfreire2025/bot-sinais-telegram bot.py + sinais.py (✅ ATIVO / 🕒 Horário / 🎯 Direção / ⏰ Expiração / 🕒 OP 2 / 🕒 OP 3)',
  lang: 'pt',
  market: 'crypto',
  kind: 'template',
  n: 4,
  make: (i) => {
    const p = CRYPTO[i % CRYPTO.length];
    const d = i % 2 === 0 ? 'COMPRA' : 'VENDA';
    const t = clock(i * 2);
    return {
      text: `✅ ATIVO ${slash(p)}\n🕒 Horário: ${t}\n🎯 Direção: ${d} ${d === 'COMPRA' ? '🟢' : '🔴'}\n⏰ Expiração: 5 min\n📈 Probabilidade: ${85 + i}%\n🕒 OP 2: ${plus(t, 5)}\n🕒 OP 3: ${plus(t, 10)}`,
      expected: {
        signals: [sig(name(p), d === 'COMPRA' ? 'CALL' : 'PUT', t, { timeframeMin: 5, gales: 2 })],
      },
    };
  },
});
format({
  id: 'es-compact-no-time',
  heldOut: true,
  source:
    'github daveymena/bot-reversiones-iq README_TELEGRAM.md ("EURUSD-OTC CALL 5 MIN", "VENTA GBPJPY 1M", "🟢 COMPRA USDJPY-OTC M5")',
  lang: 'es',
  market: 'otc',
  kind: 'single',
  n: 4,
  make: (i) => ({
    text: ['EURUSD-OTC CALL 5 MIN', 'VENTA GBPJPY 1M', '🟢 COMPRA USDJPY-OTC M5', 'AUD/CAD PUT 3'][
      i
    ],
    // No clock time and no "ahora": not traded (decision 2026-11-22).
    expected: { signals: [], verdict: 'not_signal' },
  }),
});
format({
  id: 'sinal-gerado-sem-ativo',
  source:
    'github franciscajunior2004/quotexbot-Francisca main.py (📡 SINAL GERADO / 🎯 Direção / 📊 Estratégias / ✅ Chance de acerto)',
  lang: 'pt',
  market: 'otc',
  kind: 'chatter',
  n: 2,
  make: (i) => ({
    text: `📡 *SINAL GERADO* [12/05/2025 14:${pad(21 + i)}:05]\n🎯 *Direção:* ${side(i)}\n📊 *Estratégias:* RSI, Engolfo, MM20\n✅ *Chance de acerto:* ${98 + i}%`,
    expected: { signals: [], verdict: 'not_signal' },
  }),
});
format({
  id: 'spot-pipe-tp-sl',
  source:
    'github Cambixx/bot-trading GUIA_USO_ALERTAS.md (🟢 BTCUSDT | COMPRA | $90,000 | TP: $92,000 | SL: $88,500)',
  lang: 'es',
  market: 'crypto',
  kind: 'chatter',
  n: 3,
  make: (i) => {
    const p = CRYPTO[i];
    return {
      text: `🟢 ${glued(p)} | COMPRA | $${90 + i},000 | TP: $${92 + i},000 | SL: $${88 + i},500`,
      expected: { signals: [], verdict: 'not_signal' },
    };
  },
});
format({
  id: 'fx-buy-now-tp-sl',
  heldOut: true,
  source:
    'github kmels/sigpyparser tests/signal_test.py (Usd/chf Buy now 1.00380 / T-P (1) ✅ / S-L❌)',
  lang: 'en',
  market: 'fx',
  kind: 'chatter',
  n: 3,
  make: (i) => {
    const p = fx(i, 3);
    const d = i % 2 ? 'Sell' : 'Buy';
    return {
      text: `${p[0][0].toUpperCase()}${p[0].slice(1)}/${p[1]} ${d} now 1.00${380 + i}\nT-P (1) ✅ 1.00${480 + i}\nT-P (2) ✅ 1.00${580 + i}\nT-P (3) ✅ 1.00${880 + i}\nS-L❌ 1.00${30 + i}`,
      // A forex order with price targets: a binary option on it would be a guess.
      expected: { signals: [], verdict: 'not_signal' },
    };
  },
});
format({
  id: 'crypto-long-entry-targets',
  source:
    'code corpus: telegram parser test sample "🟢 LONG / 💲 DOGEUSDT / 📈 Entry : … / 🎯 Target 1 … / 🛑 Stop Loss"',
  lang: 'en',
  market: 'crypto',
  kind: 'chatter',
  n: 2,
  make: (i) => ({
    text: `🟢 LONG\n💲 ${['DOGEUSDT', 'SOLUSDT'][i]}\n📈 Entry : 0.1886${i} - 0.1892${i}\n🎯 Target 1 - 0.1907${i}\n🎯 Target 2 - 0.1922${i}\n🛑 Stop Loss : 0.1792${i}\n\nThis is not investment advice.`,
    expected: { signals: [], verdict: 'not_signal' },
  }),
});
format({
  id: 'futures-short-leverage',
  source:
    'code corpus: futures bot TEST_SIGNALS ("SOLUSDT SHORT / Leverage: Cross 20x / Entry / Target 1 / Stoploss")',
  lang: 'en',
  market: 'crypto',
  kind: 'chatter',
  n: 2,
  make: (i) => ({
    text: `${['SOLUSDT SHORT', 'BCHUSDT LONG'][i]}\nLeverage: Cross 20x\nEntry: ${219 + i}.59\nTarget 1: ${214 + i}.98\nTarget 2: ${210 + i}.81\nStoploss: ${225 + i}.74`,
    expected: { signals: [], verdict: 'not_signal' },
  }),
});
format({
  id: 'forex-new-signal-valid-until',
  heldOut: true,
  source:
    'code corpus: "TELEGRAM MESSAGE MAPPING" spec (🚨 NEW SIGNAL / Asset / Timeframe / Direction / Entry Price / Take Profit / Stop Loss / Valid Until: 15:45 UTC)',
  lang: 'en',
  market: 'fx',
  kind: 'chatter',
  n: 2,
  make: (i) => ({
    text: `🚨 NEW SIGNAL\n\nAsset: ${glued(fx(i, 1))}\nTimeframe: M15\nDirection: ${i ? 'SELL' : 'BUY'}\n\nStatus: ⏳ WAITING FOR ENTRY\nEntry Price: 1.1937${i}\nTake Profit: 1.1947${i}\nStop Loss: 1.1927${i}\n\nConfidence: 97%\nValid Until: 17:4${5 + i} UTC`,
    expected: { signals: [], verdict: 'not_signal' },
  }),
});
format({
  id: 'trading-signal-entry-time-now',
  source:
    'github aiproduction207-lab/forex-signal-bot SIGNAL_EXAMPLES.md (📊 TRADING SIGNAL / Pair / Action: BUY ↗️ / Timeframe: 5m / Entry Time: Now)',
  lang: 'en',
  market: 'fx',
  kind: 'single',
  n: 4,
  make: (i) => {
    const p = fx(i, 7);
    const texts = [
      [
        `Action: BUY ↗️`,
        `Timeframe: 5m`,
        `Entry Time: Now`,
        sig(name(p), 'CALL', undefined, { timeframeMin: 5 }),
      ],
      [
        `Action: SELL ↘️`,
        `Timeframe: 1m`,
        `Entry Time: Now`,
        sig(name(p), 'PUT', undefined, { timeframeMin: 1 }),
      ],
      [`Action: SELL ↘️`, `Timeframe: 15m`, `Entry Time: Next 5 minutes`, undefined],
      [`Action: NEUTRAL ➡️`, `Timeframe: 1m`, `Entry Time: Wait for setup`, undefined],
    ][i];
    return {
      text: `📊 TRADING SIGNAL\n\nPair: ${glued(p)}\n${texts[0]}\n${texts[1]}\n${texts[2]}\nConfidence: ${70 + i}%\n\nKey Levels:\nResistance: 1.0852${i}\nSupport: 1.0810${i}`,
      expected: texts[3] ? { signals: [texts[3]] } : { signals: [], verdict: 'not_signal' },
    };
  },
});
format({
  id: 'xau-buy-range-sl-tp',
  source:
    'github chadyi-king/mission-control-workspace agents/quanta-v3/test_quanta_v3.py (🟢XAUUSD🟢 BUY RANGE: 4973-4978 SL 4968 TP: 5000/5020/5030)',
  lang: 'en',
  market: 'fx',
  kind: 'chatter',
  n: 2,
  make: (i) => ({
    text: i
      ? 'EURUSD BUY RANGE: 1.0900-1.0910 SL 1.0880'
      : '🟢XAUUSD🟢 BUY RANGE: 4973-4978 SL 4968 TP: 5000/5020/5030',
    expected: { signals: [], verdict: 'not_signal' },
  }),
});

// ---------------------------------------------------------------- third batch (2026-12-02, held out)
// Added before any token accounting rule was written, to replace the held-out formats whose misreadings
// were inspected (README.md): layouts from public sources, expected readings written from the
// layout. Only scored.
format({
  id: 'anna-currency-pair-time-utc-levels',
  heldOut: true,
  source:
    'find_string "CURRENCY PAIR:" → public file id 41276343249 (Anna signals parser: CURRENCY PAIR / EXPIRATION / TIME (UTC-03:00) / 1️⃣ level At HH:MM)',
  lang: 'en',
  market: 'otc',
  kind: 'template',
  n: 4,
  make: (i) => {
    const p = fx(i, 5);
    const t = clock(i * 2);
    const d = side(i);
    const mark = d === 'CALL' ? '🟩 BUY' : '🟥 SELL';
    const expiry = ['M1', '1 Minute', 'M1', '1 Minute'][i];
    const [h, m] = t.split(':').map(Number);
    const at = `2025-05-12T${pad(h + 3)}:${pad(m)}:00Z`;
    return {
      text: `✅ ANNA SIGNALS ✅\n📊 CURRENCY PAIR: ${slash(p)} OTC\n⏳ EXPIRATION: ${expiry}\n⏺ TIME (UTC-03:00): ${t}\n${mark}\n\n1️⃣ level At ${plus(t, 1)}\n2️⃣ level At ${plus(t, 2)}`,
      settings: { timezoneOffsetHours: 0 },
      expected: { signals: [sig(name(p, true), d, t, { at, timeframeMin: 1, gales: 2 })] },
    };
  },
});
format({
  id: 'po-prepare-then-entry-min-higher-lower',
  heldOut: true,
  source:
    'find_string "Prepare a currency" → public file id 6491581156 (PocketOption bot tests: "Prepare a currency GBP/USD OTC", "GBP/USD OTC 5 min LOWER 📉")',
  lang: 'en',
  market: 'otc',
  kind: 'single',
  n: 4,
  make: (i) => {
    const p = fx(i, 8);
    if (i % 2 === 0) {
      return {
        text: `Prepare a currency ${slash(p)} OTC`,
        expected: { signals: [], verdict: 'not_signal' },
      };
    }
    const d = i === 1 ? 'HIGHER 📈' : 'LOWER 📉';
    const dir = i === 1 ? 'CALL' : 'PUT';
    // The entry post is the order to enter now, for the minutes it states.
    return {
      text: `${slash(p)} OTC ${i === 1 ? 3 : 5} min ${d}`,
      expected: {
        signals: [sig(name(p, true), dir, undefined, { timeframeMin: i === 1 ? 3 : 5 })],
      },
    };
  },
});
format({
  id: 'turtle-long-entry-exit-spot',
  source:
    'github escritoriosomarbusiness/cryptomind-analises indicators/tutci/n8n/TELEGRAM_TEMPLATES.md (🟢 TURTLE LONG ENTRY / Ativo / Timeframe: 15min / Preço Entrada / Tendência Macro (H4): ALTA / Horário: 19/01/2026 13:40 (GMT-3))',
  lang: 'pt',
  market: 'crypto',
  kind: 'chatter',
  n: 3,
  make: (i) => {
    const coin = ['BTCUSDT', 'ETHUSDT', 'SOLUSDT'][i];
    const t = clock(i);
    const texts = [
      `🟢 TURTLE LONG ENTRY - PREMIUM 🌟\n\nAtivo: ${coin}\nTimeframe: 15min\nPreço Entrada: $93,161.00\n\n📊 Canal Superior: $93,500.00\n📊 Canal Inferior: $92,500.00\n\n📈 Tendência Macro (H4): ALTA ✅\n🎯 Qualidade: PREMIUM 🌟\n\nID: ${coin}_15_1737301200\nHorário: 12/05/2025 ${t} (GMT-3)`,
      `🟡 TURTLE LONG ENTRY - CAUTELA ⚠️\n\nAtivo: ${coin}\nTimeframe: 1h\nPreço Entrada: $3,245.80\n\n📈 Tendência Macro (D): NEUTRA 〰️\n🎯 Qualidade: CAUTELA ⚠️\n\n⚠️ Sinal em tendência neutra. Opere com gestão de risco reforçada.\n\nHorário: 12/05/2025 ${t} (GMT-3)`,
      `🔴 TURTLE LONG EXIT\n\nAtivo: ${coin}\nTimeframe: 5min\n\n📈 Entrada: $142.35 (12/05 ${t})\n📉 Saída: $141.20 (12/05 ${plus(t, 25)})\n\n💸 Resultado: -0.81% ❌\n⏱️ Duração: 25 minutos`,
    ];
    // A spot entry at a price, then its exit: no binary option in either.
    return {
      text: texts[i],
      expected: { signals: [], verdict: i === 2 ? 'result' : 'not_signal' },
    };
  },
});
format({
  id: 'es-senal-numero-valida-por',
  heldOut: true,
  source:
    'code corpus: "SISTEMA DE SEÑALES ACTUAL" (🎯 SEÑAL #5 - CALL / 💱 EURUSD | 85.5% efectividad / 💰 Payout: 92% / ⏰ Válida por: 5 minutos / ✅ SEÑAL #5 - GANADA)',
  lang: 'es',
  market: 'fx',
  kind: 'single',
  n: 4,
  make: (i) => {
    const p = fx(i, 9);
    const d = side(i);
    if (i >= 2) {
      return {
        text: `¡Excelente trabajo! 🎉\n\n✅ SEÑAL #${5 + i} - ${i === 2 ? 'GANADA' : 'PERDIDA'}\n💱 ${glued(p)} | ${d} | 85.5%\n📊 Entrada: 1.08450 → Salida: 1.08520\n💰 Ganancia confirmada!`,
        expected: { signals: [], verdict: 'result' },
      };
    }
    // Sent with an "accept" button: the signal is for now, for the minutes it is valid.
    return {
      text: `🎯 SEÑAL #${5 + i} - ${d}\n💱 ${glued(p)} | 8${5 + i}.5% efectividad\n💰 Payout: 92%\n⏰ Válida por: ${i ? 1 : 5} minutos\n📊 Precio entrada: 1.0845${i}`,
      expected: { signals: [sig(name(p), d, undefined, { timeframeMin: i ? 1 : 5 })] },
    };
  },
});
format({
  id: 'pocket-option-signal-how-to-use',
  heldOut: true,
  source:
    'code corpus: "POCKET OPTION REAL DATA BOT" README (🎯 POCKET OPTION SIGNAL - 5 minutes / 🟢 ACTION: CALL (BUY) / 💰 Pair / ⏰ Expiry Time / 📋 HOW TO USE: 1. … 5.)',
  lang: 'en',
  market: 'fx',
  kind: 'single',
  n: 3,
  make: (i) => {
    const p = fx(i, 10);
    const d = side(i);
    const tf = [5, 15, 1][i];
    const unit = tf === 1 ? 'minute' : 'minutes';
    const action = d === 'CALL' ? '🟢 ACTION: CALL (BUY)' : '🔴 ACTION: PUT (SELL)';
    return {
      text: `🎯 POCKET OPTION SIGNAL - ${tf} ${unit}\n\n${action}\n💰 Pair: ${slash(p)}\n⏰ Expiry Time: ${tf} ${unit}\n\n📋 HOW TO USE ON POCKET OPTION:\n1. Go to Pocket Option platform\n2. Select ${slash(p)}\n3. Choose ${tf} ${unit} expiry\n4. Click ${d === 'CALL' ? 'CALL (BUY)' : 'PUT (SELL)'}\n5. Set your investment amount`,
      expected: { signals: [sig(name(p), d, undefined, { timeframeMin: tf })] },
    };
  },
});

// ---------------------------------------------------------------- reading families, second round
// The families the reading issue names (direction pairs, geometric arrows, expiry and gale
// spellings, two signals on one line, label → value templates), each spelled in pt, es and en.
format({
  id: 'family-direction-pairs',
  source:
    'reading family: direction words and their opposites in pt, es and en (one of each pair was known, the other not)',
  lang: 'pt',
  market: 'fx',
  kind: 'single',
  n: 14,
  make: (i) => {
    const p = fx(i, 3);
    const t = clock(i);
    const pairs = [
      ['PRA CIMA', 'PRA BAIXO'],
      ['SUBINDO', 'CAINDO'],
      ['ALTISTA', 'BAIXISTA'],
      ['SUBIR', 'DESCER'],
      ['COMPRE', 'VENDA'],
      ['SUBIDA', 'BAJADA'],
      ['ALCISTA', 'BAJISTA'],
      ['COMPRA', 'VENDE'],
      ['ABOVE', 'BELOW'],
      ['UPWARD', 'DOWNWARD'],
      ['RISING', 'FALLING'],
      ['UPWARDS', 'DOWNWARDS'],
      ['INCREASE', 'DECREASE'],
      ['GO UP', 'GO DOWN'],
    ];
    const [up, down] = pairs[i];
    const d = side(i);
    const w = d === 'CALL' ? up : down;
    const layouts = [
      `${glued(p)} ${t} ${w} M5`,
      `${slash(p)} - ${t} - ${w}`,
      `⏰ ${t} | ${glued(p)} | ${w}`,
    ];
    return {
      text: layouts[i % 3],
      expected: { signals: [sig(name(p), d, t, i % 3 === 0 ? { timeframeMin: 5 } : {})] },
    };
  },
});
format({
  id: 'family-geometric-arrows',
  source:
    'reading family: geometric arrows and triangles for the side (▲ ▼, △ ▽, ⇧ ⇩, ⇑ ⇓, ⏶ ⏷, ⬈ ⬊)',
  lang: 'en',
  market: 'otc',
  kind: 'single',
  n: 10,
  make: (i) => {
    const p = fx(i, 7);
    const t = clock(i + 1);
    const marks = [
      ['▲', '▼'],
      ['△', '▽'],
      ['⇧', '⇩'],
      ['⇑', '⇓'],
      ['⏶', '⏷'],
      ['⬈', '⬊'],
      ['▴', '▾'],
      ['⇡', '⇣'],
      ['➚', '➘'],
      ['🡅', '🡇'],
    ];
    const d = side(i);
    const m = marks[i][d === 'CALL' ? 0 : 1];
    const layouts = [
      `${glued(p)}-OTC ${t} ${m}`,
      `${m} ${slash(p)} OTC ${t} M1`,
      `${slash(p)} (OTC) | ${t} | ${m} ${d}`,
    ];
    return {
      text: layouts[i % 3],
      expected: {
        signals: [sig(name(p, true), d, t, i % 3 === 1 ? { timeframeMin: 1 } : {})],
      },
    };
  },
});
format({
  id: 'family-expiry-spaced-and-clock',
  source:
    'reading family: expiry with a space between letter and number (M 5, H 1), as a clock duration (00:05), as an end time, or as a bare number after its label',
  lang: 'pt',
  market: 'fx',
  kind: 'single',
  n: 10,
  make: (i) => {
    const p = fx(i, 1);
    const d = side(i);
    const t = clock(i * 2);
    const rows = [
      [`${glued(p)} ${t} ${d} M 5`, 5],
      [`${slash(p)} M 15 ${t} ${d}`, 15],
      [`${glued(p)};H 1;${t};${d}`, 60],
      [`${glued(p)} ${t} ${d}\nExpiração: 00:05`, 5],
      [`${glued(p)} ${t} ${d}\n⏳ 00:15:00`, 15],
      [`${slash(p)} ${t} ${d}\nExpiração: 5`, 5],
      [`${slash(p)} ${t} ${d}\nTempo → 15`, 15],
      [`${glued(p)} ${t} ${d}\nExpira às ${plus(t, 5)}`, 5],
      [`${glued(p)} ${t} ${d} 5 M`, 5],
      [`${slash(p)} ${t} ${d}\nVencimiento: 1 minuto`, 1],
    ][i];
    return {
      text: rows[0],
      expected: { signals: [sig(name(p), d, t, { timeframeMin: rows[1] })] },
    };
  },
});
format({
  id: 'family-gale-number-first-and-punctuated',
  source:
    'reading family: gale counts with the number before the letter (1G, 2 MG), punctuation inside (G-1, G.2, MG:1, Gale(2)), an arrow after the label, and no gale said in words (mão fixa, entrada seca; public file ids 67220540968 and 8009446109: "Mão Fixa / Gale 1 / Gale 2" as the gale choices)',
  lang: 'pt',
  market: 'fx',
  kind: 'single',
  n: 12,
  make: (i) => {
    const p = fx(i, 5);
    const d = side(i);
    const t = clock(i + 2);
    const rows = [
      ['1G', 1],
      ['2 G', 2],
      ['2MG', 2],
      ['G-1', 1],
      ['G.2', 2],
      ['MG:1', 1],
      ['Gale(2)', 2],
      ['Gale → 1', 1],
      ['Martingale ➜ 2', 2],
      ['Mão fixa', 0],
      ['Entrada seca', 0],
      ['Gale: não', 0],
    ][i];
    const line =
      i % 2 === 0 ? `${glued(p)} ${t} ${d} ${rows[0]}` : `${glued(p)} ${t} ${d}\n${rows[0]}`;
    return { text: line, expected: { signals: [sig(name(p), d, t, { gales: rows[1] })] } };
  },
});
format({
  id: 'family-two-signals-one-line',
  source: 'reading family: two signals on one line with a separator (| • / ; — , and "e")',
  lang: 'pt',
  market: 'fx',
  kind: 'list',
  n: 7,
  make: (i) => {
    const a = fx(i, 2);
    const b = fx(i, 8);
    const ta = clock(i);
    const tb = clock(i + 3);
    const da = side(i);
    const db = side(i + 1);
    const texts = [
      `${glued(a)} ${ta} ${da} | ${glued(b)} ${tb} ${db}`,
      `${slash(a)} ${da} ${ta} • ${slash(b)} ${db} ${tb}`,
      `${ta} ${glued(a)} ${da === 'CALL' ? '⬆️' : '⬇️'} / ${tb} ${glued(b)} ${db === 'CALL' ? '⬆️' : '⬇️'}`,
      `${glued(a)} M5 ${ta} ${da} ; ${glued(b)} M5 ${tb} ${db}`,
      `${glued(a)} ${ta} ${da === 'CALL' ? 'COMPRA' : 'VENDA'} — ${glued(b)} ${tb} ${db === 'CALL' ? 'COMPRA' : 'VENDA'}`,
      `${glued(a)} ${ta} ${da}, ${glued(b)} ${tb} ${db}`,
      `${slash(a)} ${ta} ${da} e ${slash(b)} ${tb} ${db}`,
    ];
    return {
      text: texts[i],
      expected: { signals: [sig(name(a), da, ta), sig(name(b), db, tb)] },
    };
  },
});
format({
  id: 'family-label-arrow-templates',
  source:
    'reading family: "label → value" templates with any arrow or colon (→ ➜ ➡️ ⇒ » ⟶ = :), in pt, es and en',
  lang: 'pt',
  market: 'otc',
  kind: 'template',
  n: 8,
  make: (i) => {
    const p = fx(i, 4);
    const d = side(i);
    const t = clock(i * 2 + 1);
    const arrow = ['→', '➜', '➡️', '⇒', '»', '⟶', '=', ':'][i];
    const labels = [
      ['Ativo', 'Horário', 'Direção', 'Expiração', 'Gale'],
      ['Activo', 'Hora', 'Dirección', 'Expiración', 'Martingala'],
      ['Asset', 'Time', 'Direction', 'Expiry', 'Martingale'],
    ][i % 3];
    const gales = i % 3;
    const tf = [1, 5, 15][i % 3];
    const expiryValue = i % 2 === 0 ? `${tf} min` : `M${tf}`;
    return {
      text: `${labels[0]} ${arrow} ${slash(p)} OTC\n${labels[1]} ${arrow} ${t}\n${labels[2]} ${arrow} ${d}\n${labels[3]} ${arrow} ${expiryValue}\n${labels[4]} ${arrow} ${gales}`,
      expected: { signals: [sig(name(p, true), d, t, { timeframeMin: tf, gales })] },
    };
  },
});

// Held out before any rule of this round was written (new layouts, not the families above).
format({
  id: 'es-operacion-flechas-vencimiento',
  heldOut: true,
  source:
    'layout of Spanish-language OTC channels: "🔔 OPERACIÓN" header, pair line, "⌛ Vencimiento: M 5", side as arrow and word, "🛡 Protección hasta G2"',
  lang: 'es',
  market: 'otc',
  kind: 'template',
  n: 5,
  make: (i) => {
    const p = fx(i, 11);
    const d = side(i);
    const t = clock(i * 3);
    const word = d === 'CALL' ? '▲ ARRIBA' : '▼ ABAJO';
    const g = (i % 2) + 1;
    return {
      text: `🔔 OPERACIÓN 🔔\n💱 ${slash(p)} (OTC)\n🕐 Hora de entrada: ${t}\n⌛ Vencimiento: M ${[5, 1, 15, 5, 1][i]}\n${word}\n🛡 Protección hasta G${g}`,
      expected: {
        signals: [sig(name(p, true), d, t, { timeframeMin: [5, 1, 15, 5, 1][i], gales: g })],
      },
    };
  },
});
format({
  id: 'en-quick-signal-expiry-clock',
  heldOut: true,
  source:
    'layout of English quick-signal bots: "⚡ QUICK SIGNAL ⚡ / PAIR ⇒ EUR/USD / ENTRY ⇒ 14:30 / TRADE ⇒ HIGHER / EXPIRY ⇒ 00:05 / NO MARTINGALE"',
  lang: 'en',
  market: 'fx',
  kind: 'template',
  n: 4,
  make: (i) => {
    const p = fx(i, 6);
    const d = side(i);
    const t = clock(i * 2 + 3);
    const tf = [5, 1, 3, 15][i];
    return {
      text: `⚡ QUICK SIGNAL ⚡\nPAIR ⇒ ${slash(p)}\nENTRY ⇒ ${t}\nTRADE ⇒ ${d === 'CALL' ? 'HIGHER' : 'LOWER'}\nEXPIRY ⇒ 00:${pad(tf)}\nNO MARTINGALE`,
      expected: { signals: [sig(name(p), d, t, { timeframeMin: tf, gales: 0 })] },
    };
  },
});
format({
  id: 'pt-dupla-entrada-linha',
  source:
    'layout of Brazilian "DUPLA" posts: two pairs on one line ("🎯 EURUSD 14:30 ⬆️ ➕ GBPUSD 14:30 ⬇️"), then "M1 • até 1 gale"',
  lang: 'pt',
  market: 'fx',
  kind: 'list',
  n: 4,
  make: (i) => {
    const a = fx(i, 1);
    const b = fx(i, 9);
    const t = clock(i * 2);
    const da = side(i);
    const db = side(i + 1);
    const arrow = (d) => (d === 'CALL' ? '⬆️' : '⬇️');
    return {
      text: `🎯 DUPLA 🎯\n${glued(a)} ${t} ${arrow(da)} ➕ ${glued(b)} ${t} ${arrow(db)}\nM1 • até 1 gale`,
      expected: {
        signals: [
          sig(name(a), da, t, { timeframeMin: 1, gales: 1 }),
          sig(name(b), db, t, { timeframeMin: 1, gales: 1 }),
        ],
      },
    };
  },
});
format({
  id: 'pt-sinal-unexplained-expiry',
  heldOut: true,
  source:
    'layout of compact Brazilian channels that end the line with a bare number ("EURUSD 14:30 PUT 5"): a trader cannot tell expiry from gales, so nothing is traded blind',
  lang: 'pt',
  market: 'fx',
  kind: 'single',
  n: 4,
  make: (i) => {
    const p = fx(i, 10);
    const d = side(i);
    const t = clock(i + 5);
    const texts = [
      `${glued(p)} ${t} ${d} 5`,
      `🔥 ${slash(p)} • ${t} • ${d === 'CALL' ? 'COMPRA' : 'VENDA'} • 15`,
      `${t} ${glued(p)} ${d} 2`,
      `${slash(p)} ${d} ${t} (5)`,
    ];
    // Not read as a trader reads it unless the reader doubts: the number has no label.
    return { text: texts[i], expected: { signals: [], verdict: 'not_signal' } };
  },
});

format({
  id: 'en-pin-pipes-martingale-level',
  heldOut: true,
  source:
    'layout of English OTC bots that put every field on one line between pipes ("📍 EUR/JPY OTC | ⌚ 14:30 | ⏱ 1 min | 📉 PUT | Martingale: 1")',
  lang: 'en',
  market: 'otc',
  kind: 'single',
  n: 4,
  make: (i) => {
    const p = fx(i, 3);
    const d = side(i);
    const t = clock(i * 3 + 2);
    const tf = [1, 5, 2, 3][i];
    const mark = d === 'CALL' ? '📈' : '📉';
    return {
      text: `📍 ${slash(p)} OTC | ⌚ ${t} | ⏱ ${tf} min | ${mark} ${d} | Martingale: ${i % 2}`,
      expected: { signals: [sig(name(p, true), d, t, { timeframeMin: tf, gales: i % 2 })] },
    };
  },
});

format({
  id: 'es-lista-puntos-utc5',
  heldOut: true,
  source:
    'layout of Colombian list channels: "🇨🇴 LISTA M1 — UTC-5" header, "09:30 • EURUSD • ARRIBA" rows, a "Martingala: 1" footer',
  lang: 'es',
  market: 'fx',
  kind: 'list',
  n: 4,
  make: (i) => {
    const rows = [0, 1, 2].map((k) => {
      const p = fx(i * 3 + k, 2);
      const d = side(i + k);
      const h = 12 + k;
      const t = `${pad(h)}:${pad(10 + 5 * i)}`;
      const at = `2025-05-12T${pad(h + 5)}:${pad(10 + 5 * i)}:00Z`;
      return {
        line: `${t} • ${glued(p)} • ${d === 'CALL' ? 'ARRIBA' : 'ABAJO'}`,
        s: sig(name(p), d, t, { at, timeframeMin: 1, gales: 1 }),
      };
    });
    return {
      text: `🇨🇴 LISTA M1 — UTC-5\n\n${rows.map((r) => r.line).join('\n')}\n\nMartingala: 1`,
      expected: { signals: rows.map((r) => r.s) },
    };
  },
});
format({
  id: 'pt-sinal-vip-acao-tempo',
  heldOut: true,
  source:
    'layout of Brazilian VIP rooms: "💎 SINAL VIP 💎 / 📊 Par / ⏰ Horário / ⌛ Tempo: 5 min / ↕️ Ação: ⬇️ VENDA / 🛡️ Proteção: 1 gale"',
  lang: 'pt',
  market: 'otc',
  kind: 'template',
  n: 4,
  make: (i) => {
    const p = fx(i, 6);
    const d = side(i);
    const t = clock(i * 2 + 4);
    const tf = [5, 1, 15, 5][i];
    const action = d === 'CALL' ? '⬆️ COMPRA' : '⬇️ VENDA';
    return {
      text: `💎 SINAL VIP 💎\n\n📊 Par: ${slash(p)} (OTC)\n⏰ Horário: ${t}\n⌛ Tempo: ${tf} min\n↕️ Ação: ${action}\n🛡️ Proteção: ${i % 3} gale`,
      expected: { signals: [sig(name(p, true), d, t, { timeframeMin: tf, gales: i % 3 })] },
    };
  },
});
format({
  id: 'en-open-close-times',
  source:
    'layout of English trade posts that give the option as an open and a close time ("Asset: GBP/USD / Open: 14:30 / Close: 14:35 / Direction: UP ⬆")',
  lang: 'en',
  market: 'fx',
  kind: 'template',
  n: 4,
  make: (i) => {
    const p = fx(i, 7);
    const d = side(i);
    const t = clock(i * 2 + 1);
    const tf = [5, 1, 15, 5][i];
    return {
      text: `🚀 NEW TRADE\nAsset: ${slash(p)}\nOpen: ${t}\nClose: ${plus(t, tf)}\nDirection: ${d === 'CALL' ? 'UP ⬆' : 'DOWN ⬇'}`,
      expected: { signals: [sig(name(p), d, t, { timeframeMin: tf })] },
    };
  },
});
format({
  id: 'pt-aviso-sinal-cancelado-noticia',
  heldOut: true,
  source:
    'layout of Brazilian channels that call a signal off before its time ("⚠️ ATENÇÃO ⚠️ / Sinal das 14:30 no EURUSD cancelado por notícia")',
  lang: 'pt',
  market: 'fx',
  kind: 'cancel',
  n: 4,
  make: (i) => {
    const p = fx(i, 8);
    const t = clock(i * 2 + 2);
    const texts = [
      `⚠️ ATENÇÃO ⚠️\nSinal das ${t} no ${glued(p)} cancelado por notícia`,
      `❗ ${slash(p)} ${t} — ANULADO, não entrem`,
      `🚫 Desconsiderem o ${glued(p)} das ${t}`,
      `${glued(p)} ${t} CANCELADO ❌ (notícia de alto impacto)`,
    ];
    return {
      text: texts[i],
      expected: { signals: [], verdict: 'cancel', cancels: { asset: name(p), time: t } },
    };
  },
});

format({
  id: 'en-vip-signal-square-bullets',
  heldOut: true,
  source:
    'layout of English VIP rooms with square bullets ("👑 VIP SIGNAL 👑 / ▪️ Pair: AUD/JPY / ▪️ Time: 14:35 / ▪️ Direction: 🔼 CALL / ▪️ Expiry: 3 minutes / ▪️ Martingale: up to 2")',
  lang: 'en',
  market: 'fx',
  kind: 'template',
  n: 4,
  make: (i) => {
    const p = fx(i, 5);
    const d = side(i);
    const t = clock(i * 2 + 3);
    const tf = [3, 5, 1, 15][i];
    const g = i % 3;
    const mark = d === 'CALL' ? '🔼 CALL' : '🔽 PUT';
    return {
      text: `👑 VIP SIGNAL 👑\n▪️ Pair: ${slash(p)}\n▪️ Time: ${t}\n▪️ Direction: ${mark}\n▪️ Expiry: ${tf} ${tf === 1 ? 'minute' : 'minutes'}\n▪️ Martingale: up to ${g}`,
      expected: { signals: [sig(name(p), d, t, { timeframeMin: tf, gales: g })] },
    };
  },
});
format({
  id: 'es-senal-flash-bullets',
  heldOut: true,
  source:
    'layout of Spanish flash-signal channels: "⚡ SEÑAL FLASH ⚡ / EUR/USD • 14:35 • COMPRA ⬆️ / Tiempo: 1 min • Sin martingala"',
  lang: 'es',
  market: 'fx',
  kind: 'single',
  n: 4,
  make: (i) => {
    const p = fx(i, 9);
    const d = side(i);
    const t = clock(i * 3 + 1);
    const tf = [1, 5, 2, 1][i];
    const word = d === 'CALL' ? 'COMPRA ⬆️' : 'VENTA ⬇️';
    return {
      text: `⚡ SEÑAL FLASH ⚡\n${slash(p)} • ${t} • ${word}\nTiempo: ${tf} min • Sin martingala`,
      expected: { signals: [sig(name(p), d, t, { timeframeMin: tf, gales: 0 })] },
    };
  },
});

// ---------------------------------------------------------------- write, with the held-out split
// Whole formats are held out (`heldOut: true`), so the held-out score measures formats the rules were
// not written against, not new values in known formats. The first held-out formats were every third
// format that is not one of the issue's named families, chosen before any rule was written; a
// held-out format whose misreadings were inspected moves to train (README.md lists them) and a new,
// unseen format takes its place.
const train = [];
const heldOut = [];
FORMATS.forEach((f) => {
  const held = f.heldOut === true;
  for (let i = 0; i < f.n; i += 1) {
    const m = f.make(i);
    const entry = {
      id: `${f.id}-${i + 1}`,
      format: f.id,
      source: f.source,
      lang: f.lang,
      market: f.market,
      kind: f.kind,
      now: m.now ?? NOW,
      settings: m.settings ?? { timezoneOffsetHours: -3 },
      text: m.text,
      expected: { verdict: 'signal', ...m.expected },
    };
    (held ? heldOut : train).push(entry);
  }
});
const dir = new URL('../src/signals/corpus/', import.meta.url);
writeFileSync(new URL('train.json', dir), JSON.stringify(train, null, 2) + '\n');
writeFileSync(new URL('held-out.json', dir), JSON.stringify(heldOut, null, 2) + '\n');
console.log(`formats ${FORMATS.length}, train ${train.length}, held-out ${heldOut.length}`);
