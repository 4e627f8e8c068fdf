import { endpoints as api } from '@app/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { runSession } from '../../robot/run-session.ts';
import { callAs, useTestApp } from '../../test/app.ts';
import { robotOf } from '../../test/robot.ts';
import {
  command,
  findMinute,
  MINUTE,
  newTrader,
  postSignal,
  runAt,
  saveGlobalParams,
  type Me,
  type TestClock,
} from '../../test/trading.ts';

/** Three days before "today" (13:00 UTC, 10:00 on the reader's São Paulo clock). */
const clock: TestClock = { now: Date.UTC(2026, 0, 3, 13, 0) };
const t = useTestApp({ now: () => clock.now });
const rt = () => robotOf(t.app);

let me: Me;
let other: Me;

/** Posts a signal on channel `channel` at the next minute where EURUSD CALLs go `pattern`. */
async function trade(channel: string, pattern: string): Promise<void> {
  const at = findMinute('EURUSD', pattern, clock.now + MINUTE);
  clock.now = at - 10_000;
  await postSignal(t.app, me, { asset: 'EURUSD', direction: 'CALL', atMs: at, channel });
  await runSession(rt(), me.botId);
  await runAt(
    clock,
    rt(),
    me,
    Array.from({ length: pattern.length + 1 }, (_, k) => at + k * MINUTE),
  );
}

/**
 * Stakes 2,00 / 4,00 / 8,00 (two gales, factor 2) at EURUSD's 87 %: W = +1,74,
 * LW = −2,00 + 3,48 = +1,48, LLW = −2,00 − 4,00 + 6,96 = +0,96, LLL = −14,00.
 * Channel "Sinais VIP" (a): W, LW, LLW today. Channel "Canal OTC" (b): LLL three days ago, W today.
 */
beforeAll(async () => {
  me = await newTrader(t.app);
  other = await newTrader(t.app);
  await saveGlobalParams(t.app, me, { galenum: 2, galefat: 2 });
  await t.app.deps.db
    .insertInto('copy_rooms')
    .values([
      { bot_id: me.botId, chat_id: 'a', name: 'Sinais VIP', created_at: clock.now },
      { bot_id: me.botId, chat_id: 'b', name: 'Canal OTC', created_at: clock.now },
      { bot_id: me.botId, chat_id: 'c', name: 'Canal parado', created_at: clock.now },
    ])
    .execute();
  await command(t.app, rt(), me, 1);
  await trade('b', 'LLL');
  clock.now = Date.UTC(2026, 0, 6, 13, 0);
  await trade('a', 'W');
  await trade('a', 'LW');
  await trade('a', 'LLW');
  await trade('b', 'W');
}, 30_000);

const get = (who: Me, e: Parameters<typeof callAs>[2], query: Record<string, string | number>) =>
  callAs(t.app, who.cookie, e, { query });

async function results(period: string) {
  const res = await get(me, api.tradingChannelResults, { userid: me.userid, period });
  expect(res.statusCode, res.body).toBe(200);
  return api.tradingChannelResults.response.parse(res.json());
}

describe('GET /trading/channel-results', () => {
  it('scores each channel per signal over the last 7 days, by name, most signals first', async () => {
    const week = await results('week');
    expect(week.from).toBe(Date.UTC(2025, 11, 31, 3, 0));
    expect(week.channels).toEqual([
      {
        channelId: 'a',
        channelName: 'Sinais VIP',
        score: {
          signals: 3,
          wins: 3,
          winsByStep: [1, 1, 1],
          losses: 0,
          draws: 0,
          open: 0,
          hitRatePct: 100,
          // No lost signal yet: the entry's 100 / 1,87.
          breakEvenRatePct: 53.5,
          pnlCents: 174 + 148 + 96,
        },
      },
      {
        channelId: 'b',
        channelName: 'Canal OTC',
        score: {
          signals: 2,
          wins: 1,
          winsByStep: [1],
          losses: 1,
          draws: 0,
          open: 0,
          hitRatePct: 50,
          // A lost signal costs 14,00, a won one pays 1,74: 14 / 15,74.
          breakEvenRatePct: 88.9,
          pnlCents: 174 - 1400,
        },
      },
      {
        channelId: 'c',
        channelName: 'Canal parado',
        score: expect.objectContaining({ signals: 0 }),
      },
    ]);
    // Four of five signals won (the orders' count would say 4 × 5): avg won 1,48, lost 14,00.
    expect(week.total).toMatchObject({
      signals: 5,
      wins: 4,
      winsByStep: [2, 1, 1],
      losses: 1,
      hitRatePct: 80,
      breakEvenRatePct: 90.4,
      pnlCents: 174 + 148 + 96 + 174 - 1400,
    });
  });

  it("leaves out the signals before the trader's midnight for today", async () => {
    const today = await results('today');
    expect(today.from).toBe(Date.UTC(2026, 0, 6, 3, 0));
    expect(today.channels.find((c) => c.channelId === 'b')?.score).toMatchObject({
      signals: 1,
      wins: 1,
      losses: 0,
      pnlCents: 174,
    });
    expect(today.total).toMatchObject({ signals: 4, wins: 4, losses: 0, hitRatePct: 100 });
    expect((await results('month')).total.signals).toBe(5);
  });

  it("answers 403 for another account's bot and 400 for an unknown period", async () => {
    expect(
      (await get(other, api.tradingChannelResults, { userid: me.userid, period: 'week' }))
        .statusCode,
    ).toBe(403);
    const bad = await get(me, api.tradingChannelResults, { userid: me.userid, period: 'year' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { code: 'errors.invalidInput' } });
  });
});

describe('score per signal on the dashboard and /orders', () => {
  it("counts today's four signals as 4 × 0 where the orders score says 4 × 3", async () => {
    const d = api.tradingDashboard.response.parse(
      (await get(me, api.tradingDashboard, { userid: me.userid })).json(),
    );
    expect(d.today).toMatchObject({ wins: 4, losses: 3 });
    expect(d.todaySignals).toMatchObject({
      signals: 4,
      wins: 4,
      winsByStep: [2, 1, 1],
      losses: 0,
      hitRatePct: 100,
    });
    expect(d.simulator).toBe(true);
  });

  it('names the channel of every order, says it is on the simulator, lists channels by name', async () => {
    const page = api.tradingOrders.response.parse(
      (await get(me, api.tradingOrders, { userid: me.userid, channel: 'b' })).json(),
    );
    expect(page.orders.map((o) => [o.channelName, o.galeLevel, o.state, o.simulator])).toEqual([
      ['Canal OTC', 0, 'won', true],
      ['Canal OTC', 2, 'lost', true],
      ['Canal OTC', 1, 'lost', true],
      ['Canal OTC', 0, 'lost', true],
    ]);
    expect(page.score).toMatchObject({ signals: 2, wins: 1, losses: 1, hitRatePct: 50 });
    expect(page.channels).toEqual([
      { id: 'b', name: 'Canal OTC' },
      { id: 'c', name: 'Canal parado' },
      { id: 'a', name: 'Sinais VIP' },
    ]);
  });
});

describe('GET /trading/orders.csv', () => {
  it("writes the trader's CSV: pt-BR words, decimal comma, ';', São Paulo time, Simulador", async () => {
    const res = await get(me, api.tradingOrdersCsv, {
      userid: me.userid,
      channel: 'a',
      result: 'won',
    });
    expect(res.statusCode).toBe(200);
    const [header, first] = res.body.split('\r\n');
    // Excel on Windows reads "Direção" right only after the UTF-8 byte-order mark.
    expect(header).toBe(
      '\uFEFFOrdem;Sinal;Resultado do sinal;Líquido do sinal;Agendada para;Confirmada na corretora;ID do canal;Canal;Ativo;Direção;Gale;Entrada;Payout %;Conta;Nº da corretora;Corretora;Simulador;Preço;Situação;Motivo da falha;Expiração;Liquidação;Resultado',
    );
    expect(first).toMatch(
      /^\d+;\d+;Win na entrada;1,74;06\/01\/2026 \d\d:\d\d:00;06\/01\/2026 \d\d:\d\d:\d\d;a;Sinais VIP;EURUSD;CALL;0;2,00;87;Demo;1;IQ Option;Simulador;preço simulado;Win;;06\/01\/2026 \d\d:\d\d:00;06\/01\/2026 \d\d:\d\d:\d\d;1,74$/,
    );
  });

  it('writes es-ES words and the ISO/UTC form for programs', async () => {
    const es = await get(me, api.tradingOrdersCsv, {
      userid: me.userid,
      channel: 'b',
      result: 'lost',
      lang: 'es-ES',
    });
    // The Loss filter keeps the lost signal with every order of its ladder.
    expect(es.body.split('\r\n')[1]).toMatch(
      /^\d+;\d+;Pérdida;-14,00;.*;Canal OTC;EURUSD;CALL;0;2,00;87;Demo;1;IQ Option;Simulador;precio simulado;Pérdida;;.*;-2,00$/,
    );
    const iso = await get(me, api.tradingOrdersCsv, {
      userid: me.userid,
      channel: 'b',
      result: 'lost',
      format: 'iso',
      lang: 'es-ES',
    });
    const [header, row] = iso.body.split('\r\n');
    expect(header).toBe(
      'id,signalId,signalResult,signalPnl,sendAt,confirmedAt,channelId,channelName,asset,direction,galeLevel,stake,payoutPct,accountType,brokerId,brokerName,simulator,priceSource,state,failReason,expiresAt,settledAt,pnl',
    );
    expect(row).toMatch(
      /,lost,-14\.00,2026-01-03T\d\d:\d\d:00\.000Z,[^,]*,b,Canal OTC,EURUSD,CALL,0,2\.00,87,1,1,IQ Option,true,simulated,lost,,.*,-2\.00$/,
    );
  });
});
