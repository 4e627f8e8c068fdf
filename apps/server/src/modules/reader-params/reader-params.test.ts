import { defaultReaderParams, endpoints as api, type ReaderParams } from '@app/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { callAs, registerAndLogin, useTestApp } from '../../test/app.ts';

const t = useTestApp();
let me: Awaited<ReturnType<typeof registerAndLogin>>;
beforeAll(async () => {
  me = await registerAndLogin(t.app);
});

const params = (o: Partial<ReaderParams> = {}): ReaderParams => ({
  timerzone: -4.5,
  maxtrades: 12,
  hourStart: '08:00',
  hourEnd: '11:30',
  hourStart2: '14:00',
  hourEnd2: '17:45',
  hourStart3: '',
  hourEnd3: '',
  hourReset: '00:05',
  hourClearScore: '23:59',
  ...o,
});
const read = () => callAs(t.app, me.cookie, api.getReaderParams, { query: { userid: me.userid } });
const save = (body: unknown) =>
  callAs(t.app, me.cookie, api.saveReaderParams, { query: { userid: me.userid }, body });

describe('GET /api/readerparams', () => {
  it('answers the defaults when nothing was saved', async () => {
    const res = await read();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(defaultReaderParams());
  });
});

describe('POST /api/readerparams', () => {
  it('saves, and a read answers the same values; a second save overwrites', async () => {
    expect((await save(params())).json()).toEqual({ ok: true });
    expect((await read()).json()).toEqual(params());
    await save(params({ maxtrades: 0, hourStart3: '20:00', hourEnd3: '22:00' }));
    expect((await read()).json()).toEqual(
      params({ maxtrades: 0, hourStart3: '20:00', hourEnd3: '22:00' }),
    );
  });

  it.each([
    ['a negative order limit', -1],
    ['an order limit sent as text', 'abc'],
    ['no order limit', undefined],
  ])("answers 400 'Limite de Ordens precisa ser 0 ou maior' for %s", async (_n, maxtrades) => {
    const before = (await read()).json();
    const res = await save({ ...params(), maxtrades });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'readerParams.errors.maxTradesMin',
      fields: { maxtrades: 'readerParams.errors.maxTradesMin' },
    });
    expect((await read()).json()).toEqual(before);
  });

  // Regression: a window with a start and no end, or a start after its end,
  // was saved.
  it.each([
    ['a start without an end', { hourStart: '08:00', hourEnd: '' }, 'hourEnd', 'windowEndMissing'],
    [
      'an end without a start',
      { hourStart2: '', hourEnd2: '17:00' },
      'hourStart2',
      'windowStartMissing',
    ],
    [
      'a start after its end',
      { hourStart3: '22:00', hourEnd3: '02:00' },
      'hourEnd3',
      'windowOrder',
    ],
    [
      'a start equal to its end',
      { hourStart: '09:00', hourEnd: '09:00' },
      'hourEnd',
      'windowOrder',
    ],
  ])('answers 400 for a window with %s and keeps the saved params', async (_n, o, field, key) => {
    await save(params());
    const res = await save(params(o));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: `errors.field.${key}`,
      fields: { [field]: `errors.field.${key}` },
    });
    expect((await read()).json()).toEqual(params());
  });

  it('answers what is wrong with time zone 20 and the range it takes', async () => {
    const res = await save(params({ timerzone: 20 }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      fields: { timerzone: 'errors.field.tooBig' },
      limits: { timerzone: { min: -12, max: 14 } },
    });
  });

  it.each([
    ['a clock time out of range', { hourReset: '24:00' }, 'hourReset'],
    ['a clock time without minutes', { hourStart: '8' }, 'hourStart'],
    ['a time zone beyond UTC+14', { timerzone: 15 }, 'timerzone'],
  ])('answers 400 invalidInput for %s', async (_n, o, field) => {
    const res = await save({ ...params(), ...o });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('errors.invalidInput');
    expect(Object.keys(res.json().error.fields)).toEqual([field]);
  });
});
