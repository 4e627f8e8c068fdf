import {
  defaultCustomCycles,
  defaultCycles,
  defaultLossRecovery,
  defaultMasanielloParams,
  defaultRecoveryParams,
  defaultSoros,
  endpoints as api,
  type CustomCycleRow,
  type Cycles,
  type LossRecovery,
  type MasanielloParams,
  type RecoveryParams,
  type Soros,
} from '@app/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { botIdOf } from '../../lib/owned-bot.ts';
import { callAs, registerAndLogin, useTestApp } from '../../test/app.ts';
import { replaceCustomCycles, saveCyclesAndSoros } from './strategies.repository.ts';

const t = useTestApp();
let me: Awaited<ReturnType<typeof registerAndLogin>>;
beforeAll(async () => {
  me = await registerAndLogin(t.app);
});

const call = (
  ...args: Parameters<typeof callAs> extends [unknown, unknown, ...infer R] ? R : never
) => callAs(t.app, me.cookie, ...args);

/** Expects a 400 whose code (and field, when given) is the rule's. */
async function expectRefused(
  res: Awaited<ReturnType<typeof call>>,
  code: string,
  field?: string,
): Promise<void> {
  expect(res.statusCode, res.body).toBe(400);
  const error = res.json().error;
  expect(error.code).toBe(code);
  if (field) expect(error.fields).toEqual({ [field]: code });
}

describe('masaniello (GET/POST /api/masaparams)', () => {
  const masa = (o: Partial<MasanielloParams> = {}): MasanielloParams => ({
    capital: 250.5,
    totalOper: 12,
    totalWin: 5,
    payout: 87,
    gale: 1,
    typeMas: 2,
    restart: 1,
    target: 30,
    modoMasa: 1,
    hitsRestart: 3,
    userid: me.userid,
    ...o,
  });
  const read = () => call(api.getMasaniello, { query: { userid: me.userid } });

  it('answers the defaults when nothing was saved', async () => {
    const res = await read();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(defaultMasanielloParams(me.userid));
  });

  it('saves, and a read answers the same values; a second save overwrites', async () => {
    expect((await call(api.saveMasaniello, { body: masa() })).json()).toEqual({ ok: true });
    expect((await read()).json()).toEqual(masa());
    await call(api.saveMasaniello, { body: masa({ capital: 80, typeMas: 1 }) });
    expect((await read()).json()).toEqual(masa({ capital: 80, typeMas: 1 }));
  });

  const refusals: [string, Record<string, unknown>, string, string][] = [
    ['a zero capital', { capital: 0 }, 'masaniello.errors.mainZero', 'capital'],
    ['zero operations', { totalOper: 0 }, 'masaniello.errors.mainZero', 'totalOper'],
    ['zero wins', { totalWin: 0 }, 'masaniello.errors.mainZero', 'totalWin'],
    ['a zero payout', { payout: 0 }, 'masaniello.errors.mainZero', 'payout'],
    ['a payout of 100', { payout: 100 }, 'masaniello.errors.payoutRange', 'payout'],
    ['a payout below 1', { payout: 0.5 }, 'masaniello.errors.payoutRange', 'payout'],
    ['no type', { typeMas: null }, 'masaniello.errors.typeMissing', 'typeMas'],
    [
      'a zero capital before a bad payout',
      { capital: 0, payout: 120 },
      'masaniello.errors.mainZero',
      'capital',
    ],
    // ROBOT.md §3: 1 ≤ K < N ≤ 100, refused by the server as 'Parametros invalidos'.
    [
      'as many wins as operations',
      { totalOper: 10, totalWin: 10 },
      'errors.invalidParams',
      'totalWin',
    ],
    [
      'more wins than operations',
      { totalOper: 5, totalWin: 8 },
      'errors.invalidParams',
      'totalWin',
    ],
    ['more than 100 operations', { totalOper: 101 }, 'errors.invalidParams', 'totalOper'],
    ['a single operation', { totalOper: 1, totalWin: 1 }, 'errors.invalidParams', 'totalWin'],
    ['a negative capital', { capital: -10 }, 'errors.invalidParams', 'capital'],
    ['fractional wins', { totalWin: 2.5 }, 'errors.invalidParams', 'totalWin'],
  ];
  it.each(refusals)('answers 400 for %s and keeps the saved values', async (_n, o, code, field) => {
    const before = (await read()).json();
    await expectRefused(await call(api.saveMasaniello, { body: { ...masa(), ...o } }), code, field);
    expect((await read()).json()).toEqual(before);
  });

  it('answers 400 invalidInput for a mode that is not offered', async () => {
    const res = await call(api.saveMasaniello, { body: { ...masa(), modoMasa: 2 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'errors.invalidInput',
      fields: { modoMasa: 'errors.invalidValue' },
    });
  });
});

describe('cycles (GET /api/getcycles, POST /api/savecycles)', () => {
  const cycles = (o: Partial<Cycles> = {}): Cycles => ({
    ciclos: 4,
    ciclosFat: 2.5,
    ciclosGale: 1,
    ciclosGaleFat: 2.2,
    brokerID: 5,
    userid: me.userid,
    ...o,
  });
  const read = (brokerid: number) =>
    call(api.getCycles, { query: { userid: me.userid, brokerid } });

  it('answers the defaults of the asked broker when nothing was saved', async () => {
    expect((await read(9)).json()).toEqual(defaultCycles(me.userid, 9));
  });

  it('saves per broker, and each broker reads its own values', async () => {
    await call(api.saveCycles, { body: cycles({ brokerID: 5, ciclos: 4 }) });
    await call(api.saveCycles, { body: cycles({ brokerID: 6, ciclos: 0, ciclosFat: 0 }) });
    expect((await read(5)).json()).toEqual(cycles({ brokerID: 5, ciclos: 4 }));
    expect((await read(6)).json()).toEqual(cycles({ brokerID: 6, ciclos: 0, ciclosFat: 0 }));
  });

  it.each(['ciclos', 'ciclosFat', 'ciclosGale', 'ciclosGaleFat'])(
    'answers 400 invalidParams for a negative %s',
    async (field) => {
      const res = await call(api.saveCycles, { body: { ...cycles(), [field]: -1 } });
      await expectRefused(res, 'errors.invalidParams', field);
    },
  );

  it('answers 400 for a broker outside 0–23 in the query', async () => {
    expect((await read(24)).statusCode).toBe(400);
  });
});

describe('soros (GET /api/getsoros, POST /api/savesoros)', () => {
  const soros = (o: Partial<Soros> = {}): Soros => ({
    soros: 3,
    sorosgale: 1,
    sorosperc: 50,
    brokerID: 8,
    userid: me.userid,
    ...o,
  });
  const read = (brokerid: number) => call(api.getSoros, { query: { userid: me.userid, brokerid } });

  it('answers the defaults when nothing was saved', async () => {
    expect((await read(10)).json()).toEqual(defaultSoros(me.userid, 10));
  });

  it('saves, and a read of that broker answers the same values', async () => {
    expect((await call(api.saveSoros, { body: soros() })).json()).toEqual({ ok: true });
    expect((await read(8)).json()).toEqual(soros());
    expect((await read(11)).json()).toEqual(defaultSoros(me.userid, 11));
  });

  const refusals: [string, Record<string, unknown>, string, string][] = [
    ['a negative level', { soros: -1 }, 'errors.invalidParams', 'soros'],
    ['a negative gale', { sorosgale: -2 }, 'errors.invalidParams', 'sorosgale'],
    ['a zero percent', { sorosperc: 0 }, 'soros.errors.percRange', 'sorosperc'],
    ['a percent above 100', { sorosperc: 101 }, 'soros.errors.percRange', 'sorosperc'],
  ];
  it.each(refusals)('answers 400 for %s', async (_n, o, code, field) => {
    await expectRefused(await call(api.saveSoros, { body: { ...soros(), ...o } }), code, field);
  });
});

describe('recovery params (GET/POST /api/recoveryparams)', () => {
  const recovery = (o: Partial<RecoveryParams> = {}): RecoveryParams => ({
    ciclos: 2,
    ciclosfat: 3,
    ciclosgale: 2,
    ciclosgalefat: 2.5,
    soros: 1,
    sorosgale: 2,
    sorosperc: 75,
    brokerID: 12,
    userid: me.userid,
    ...o,
  });
  const read = (brokerid: number) =>
    call(api.getRecoveryParams, { query: { userid: me.userid, brokerid } });
  const save = (body: unknown) =>
    call(api.saveRecoveryParams, { query: { userid: me.userid }, body });

  it('answers the defaults when nothing was saved', async () => {
    expect((await read(13)).json()).toEqual(defaultRecoveryParams(me.userid, 13));
  });

  it('saves, and a read answers the same values', async () => {
    expect((await save(recovery())).json()).toEqual({ ok: true });
    expect((await read(12)).json()).toEqual(recovery());
  });

  it('is the cycles and soros of the same broker, read and written together', async () => {
    await save(recovery({ brokerID: 14, ciclos: 7, soros: 4 }));
    expect(
      (await call(api.getCycles, { query: { userid: me.userid, brokerid: 14 } })).json(),
    ).toMatchObject({ ciclos: 7, ciclosFat: 3, ciclosGale: 2, ciclosGaleFat: 2.5 });
    expect(
      (await call(api.getSoros, { query: { userid: me.userid, brokerid: 14 } })).json(),
    ).toMatchObject({ soros: 4, sorosgale: 2, sorosperc: 75 });

    await call(api.saveSoros, {
      body: { soros: 9, sorosgale: 0, sorosperc: 10, brokerID: 14, userid: me.userid },
    });
    expect((await read(14)).json()).toEqual(
      recovery({ brokerID: 14, ciclos: 7, soros: 9, sorosgale: 0, sorosperc: 10 }),
    );
  });

  it('fills the half that was never saved with its defaults', async () => {
    await call(api.saveCycles, {
      body: {
        ciclos: 5,
        ciclosFat: 1,
        ciclosGale: 0,
        ciclosGaleFat: 0,
        brokerID: 15,
        userid: me.userid,
      },
    });
    const d = defaultSoros(me.userid, 15);
    expect((await read(15)).json()).toMatchObject({
      ciclos: 5,
      soros: d.soros,
      sorosgale: d.sorosgale,
      sorosperc: d.sorosperc,
    });
  });

  const refusals: [string, Record<string, unknown>, string, string][] = [
    ['a negative cycle level', { ciclos: -1 }, 'errors.invalidParams', 'ciclos'],
    [
      'a negative gale multiplier',
      { ciclosgalefat: -0.5 },
      'errors.invalidParams',
      'ciclosgalefat',
    ],
    ['a negative soros gale', { sorosgale: -1 }, 'errors.invalidParams', 'sorosgale'],
    ['a zero soros percent', { sorosperc: 0 }, 'soros.errors.percRange', 'sorosperc'],
    [
      'a cycles problem before a soros one',
      { ciclosfat: -1, sorosperc: 0 },
      'errors.invalidParams',
      'ciclosfat',
    ],
  ];
  it.each(refusals)('answers 400 for %s and saves neither half', async (_n, o, code, field) => {
    await expectRefused(await save({ ...recovery({ brokerID: 16 }), ...o }), code, field);
    expect((await read(16)).json()).toEqual(defaultRecoveryParams(me.userid, 16));
  });

  it('answers 400 invalidParams when body.userid names another bot than the query', async () => {
    await expectRefused(
      await save(recovery({ userid: '55555' })),
      'errors.invalidParams',
      'userid',
    );
  });
});

describe('loss recovery (GET /api/getlossrec, POST /api/savelossrec)', () => {
  const loss = (o: Partial<LossRecovery> = {}): LossRecovery => ({
    recoverPerc: 4,
    recoverGale: 2,
    recoverGaleFat: 1.8,
    recoverProfit: 25.5,
    mode: 3,
    brokerID: 19,
    userid: me.userid,
    ...o,
  });
  const read = (brokerid: number) =>
    call(api.getLossRecovery, { query: { userid: me.userid, brokerid } });

  it('answers the defaults when nothing was saved', async () => {
    expect((await read(20)).json()).toEqual(defaultLossRecovery(me.userid, 20));
  });

  it('saves per broker, and a read answers the same values', async () => {
    await call(api.saveLossRecovery, { body: loss() });
    await call(api.saveLossRecovery, { body: loss({ brokerID: 21, recoverPerc: 0, mode: 1 }) });
    expect((await read(19)).json()).toEqual(loss());
    expect((await read(21)).json()).toEqual(loss({ brokerID: 21, recoverPerc: 0, mode: 1 }));
  });

  const refusals: [string, Record<string, unknown>, string, string][] = [
    ['no factor', { recoverPerc: null }, 'errors.invalidParams', 'recoverPerc'],
    ['no mode', { mode: '' }, 'errors.invalidParams', 'mode'],
    ['a negative gale', { recoverGale: -1 }, 'errors.invalidParams', 'recoverGale'],
    ['a negative profit', { recoverProfit: -3 }, 'errors.invalidParams', 'recoverProfit'],
  ];
  it.each(refusals)('answers 400 for %s', async (_n, o, code, field) => {
    await expectRefused(
      await call(api.saveLossRecovery, { body: { ...loss(), ...o } }),
      code,
      field,
    );
  });

  it('answers 400 invalidInput for a factor code outside 0–8', async () => {
    const res = await call(api.saveLossRecovery, { body: { ...loss(), recoverPerc: 9 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ recoverPerc: 'errors.invalidValue' });
  });
});

describe('custom cycles (GET /api/getcustcycle, POST /api/savecustcycle)', () => {
  const row = (
    cycle: number,
    entrada: number | null,
    ...mgs: (number | null)[]
  ): CustomCycleRow => {
    const [mg1 = null, mg2 = null, mg3 = null, mg4 = null, mg5 = null, mg6 = null, mg7 = null] =
      mgs;
    return { cycle, entrada, mg1, mg2, mg3, mg4, mg5, mg6, mg7 };
  };
  const read = () => call(api.getCustomCycles, { query: { userid: me.userid } });
  const save = (body: unknown) =>
    call(api.saveCustomCycles, { query: { userid: me.userid }, body });

  it('answers no rows when nothing was saved', async () => {
    expect((await read()).json()).toEqual(defaultCustomCycles());
  });

  it('saves 10 rows × entry + MG1–MG7, and reads them back in cycle order', async () => {
    const rows = Array.from({ length: 10 }, (_, i) =>
      row(10 - i, 2 + i, 4 + i, 8.5, null, 1, 2, 3, 4.25),
    );
    expect((await save(rows)).json()).toEqual({ ok: true });
    expect((await read()).json()).toEqual([...rows].sort((a, b) => a.cycle - b.cycle));
  });

  it('replaces every row of the bot on each save', async () => {
    await save([row(1, 2, 4, 8), row(2, 5, 10, 20), row(3, 12, 25, 50)]);
    await save([row(2, 6)]);
    expect((await read()).json()).toEqual([row(2, 6)]);
  });

  it('answers 400 for duplicate cycle numbers and keeps the saved rows', async () => {
    await save([row(4, 1)]);
    const res = await save([row(1, 2), row(1, 3)]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('errors.invalidInput');
    expect((await read()).json()).toEqual([row(4, 1)]);
  });

  const bad: [string, unknown][] = [
    ['no rows', []],
    ['11 rows', Array.from({ length: 11 }, (_, i) => row((i % 10) + 1, 1))],
    ['cycle 11', [row(11, 1)]],
    ['a negative stake', [row(1, -2)]],
    ['a stake sent as text', [{ ...row(1, 2), mg1: '4' }]],
  ];
  it.each(bad)('answers 400 for %s', async (_n, body) => {
    const res = await save(body);
    expect(res.statusCode, res.body).toBe(400);
  });

  it("keeps each bot's rows apart", async () => {
    const other = await registerAndLogin(t.app);
    await save([row(1, 9)]);
    await callAs(t.app, other.cookie, api.saveCustomCycles, {
      query: { userid: other.userid },
      body: [row(1, 3), row(2, 6)],
    });
    expect((await read()).json()).toEqual([row(1, 9)]);
  });
});

// The schemas keep bad values out, so these drive the repository with values only a database
// refuses, to prove each multi-statement save is one transaction on the real SQL.
describe('no half-saves', () => {
  it('recovery params: a soros write that fails leaves the cycles unwritten too', async () => {
    const botId = await botIdOf(t.app.deps, me.userid);
    const cycles = { ciclos: 8, ciclosFat: 1, ciclosGale: 1, ciclosGaleFat: 1 };
    const badSoros = { soros: 1, sorosgale: 0, sorosperc: null as unknown as number };
    await expect(
      saveCyclesAndSoros(t.app.deps.db, botId, 22, cycles, badSoros, 1),
    ).rejects.toThrow();
    expect(
      (await call(api.getCycles, { query: { userid: me.userid, brokerid: 22 } })).json(),
    ).toEqual(defaultCycles(me.userid, 22));
  });

  it('custom cycles: a failing insert keeps the previous rows', async () => {
    const botId = await botIdOf(t.app.deps, me.userid);
    const keep = {
      cycle: 1,
      entrada: 2,
      mg1: 4,
      mg2: null,
      mg3: null,
      mg4: null,
      mg5: null,
      mg6: null,
      mg7: null,
    };
    await replaceCustomCycles(t.app.deps.db, botId, [keep]);
    // The same cycle twice breaks the primary key after the old rows were deleted.
    await expect(
      replaceCustomCycles(t.app.deps.db, botId, [
        { ...keep, entrada: 5 },
        { ...keep, entrada: 6 },
      ]),
    ).rejects.toThrow();
    expect((await call(api.getCustomCycles, { query: { userid: me.userid } })).json()).toEqual([
      keep,
    ]);
  });
});
