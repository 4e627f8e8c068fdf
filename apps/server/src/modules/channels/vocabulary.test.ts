import { endpoints as api } from '@app/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { callAs, registerAndLogin, useTestApp } from '../../test/app.ts';
import { createChannel, post, signalsOf, subscribe, type Trader } from '../../test/reader.ts';

// Teaching a channel: what the trader taught is stored on the card, checked
// like every card field, applied by the reader to that channel's messages only, tried in the
// tester at once, and measured against the channel's stored messages before it is saved.

const T0 = Date.UTC(2026, 4, 12, 17, 0, 0); // 14:00 on the channel's clock (UTC−3)
let clock = T0;
const t = useTestApp({ now: () => clock });

let me: Trader;
let vip: string;
let free: string;
beforeAll(async () => {
  me = await registerAndLogin(t.app);
  vip = await createChannel(t.app, me, 'VIP');
  free = await createChannel(t.app, me, 'Free');
  await subscribe(t.app, me, [
    { idNum: vip, name: 'VIP' },
    { idNum: free, name: 'Free' },
  ]);
});

const ALTA = { means: 'direction', word: 'ALTA', direction: 'CALL' } as const;
const teach = (who: Trader, idNum: string, vocabulary: unknown) =>
  callAs(t.app, who.cookie, api.saveVocabulary, {
    body: { userid: who.userid, idNum, vocabulary },
  });
const impactOf = (who: Trader, idNum: string, vocabulary: unknown) =>
  callAs(t.app, who.cookie, api.vocabularyImpact, {
    body: { userid: who.userid, idNum, vocabulary },
  });
const cards = async (who: Trader, traderid = who.userid) =>
  (
    await callAs(t.app, who.cookie, api.getGroups, { query: { userid: who.userid, traderid } })
  ).json() as Record<string, unknown>[];
const cardOf = async (idNum: string) => (await cards(me)).find((c) => c.idNum === idNum);
const tester = (who: Trader, idNum: string, text: string, vocabulary?: unknown) =>
  callAs(t.app, who.cookie, api.testSignal, {
    body: { userid: who.userid, idNum, text, ...(vocabulary ? { vocabulary } : {}) },
  });

describe('POST /api/channels/vocabulary', () => {
  it('stores what the trader taught on the card and the reader applies it to that channel only', async () => {
    await post(t.app, me, vip, 'EURUSD 14:30 ALTA');
    await t.app.reader.runOnce();
    expect(await signalsOf(t.app, me, vip)).toMatchObject([
      { status: 'rejected', asset: 'EURUSD' },
    ]);

    const res = await teach(me, vip, [{ ...ALTA, word: ' Alta ' }]);
    expect(res.json()).toEqual({ ok: true });
    // Normalised as the reader reads it; shown (and exported) with the card.
    expect((await cardOf(vip))?.vocabulary).toEqual([{ ...ALTA, word: 'Alta' }]);
    expect((await cardOf(free))?.vocabulary).toEqual([]);

    await post(t.app, me, vip, 'GBPUSD 14:40 ALTA');
    await post(t.app, me, free, 'USDJPY 14:40 ALTA');
    await t.app.reader.runOnce();
    expect((await signalsOf(t.app, me, vip))[0]).toMatchObject({
      status: 'accepted',
      asset: 'GBPUSD',
      direction: 'CALL',
      signalTime: '14:40',
    });
    expect((await signalsOf(t.app, me, free))[0]).toMatchObject({
      status: 'rejected',
      asset: 'USDJPY',
    });
  });

  it('keeps the vocabulary when the card is saved without it, and checks it when it comes', async () => {
    const card = (await cardOf(vip)) as Record<string, unknown>;
    const { vocabulary: _kept, ...withoutVocabulary } = card;
    const saved = await callAs(t.app, me.cookie, api.saveGroup, {
      body: { ...withoutVocabulary, lote: 7 },
    });
    expect(saved.json()).toEqual({ ok: true });
    expect(await cardOf(vip)).toMatchObject({ lote: 7, vocabulary: [{ ...ALTA, word: 'Alta' }] });

    const refused = await callAs(t.app, me.cookie, api.saveGroup, {
      body: {
        ...card,
        lote: 9,
        vocabulary: [{ means: 'direction', word: 'CALL', direction: 'PUT' }],
      },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      code: 'vocabulary.errors.contradictsLexicon',
      fields: { vocabulary: 'vocabulary.errors.contradictsLexicon' },
      params: { word: 'CALL' },
    });
    // Nothing half-saved: neither the stake nor the vocabulary changed.
    expect(await cardOf(vip)).toMatchObject({ lote: 7, vocabulary: [{ ...ALTA, word: 'Alta' }] });
  });

  it.each([
    [[{ means: 'direction', word: 'CALL', direction: 'PUT' }], 'contradictsLexicon', 'CALL'],
    [[ALTA, { ...ALTA, word: 'alta' }], 'duplicate', 'alta'],
    [[{ means: 'gales', word: 'Proteção', value: 11 }], 'badValue', 'Proteção'],
    [[{ means: 'noise', word: '  ' }], 'emptyWord', '  '],
    [[{ means: 'asset', word: 'EURUSD', asset: 'GBPUSD' }], 'contradictsLexicon', 'EURUSD'],
  ])(
    'refuses %j with 400 vocabulary.errors.%s and changes nothing',
    async (vocabulary, code, word) => {
      const before = await cardOf(vip);
      const res = await teach(me, vip, vocabulary);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: `vocabulary.errors.${code}`,
        params: { word },
      });
      expect((await impactOf(me, vip, vocabulary)).statusCode).toBe(400);
      expect(await cardOf(vip)).toEqual(before);
    },
  );

  it("answers 403 for another account's bot, 404 for its own call on a channel not in its list", async () => {
    const other = await registerAndLogin(t.app);
    const theirs = await callAs(t.app, other.cookie, api.saveVocabulary, {
      body: { userid: me.userid, idNum: vip, vocabulary: [] },
    });
    expect(theirs.statusCode).toBe(403);
    expect((await teach(other, vip, [])).statusCode).toBe(404);
    const unknown = await teach(me, 'inbox-999999', [ALTA]);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('channels.errors.unknownChannel');
    expect((await cardOf(vip))?.vocabulary).toEqual([{ ...ALTA, word: 'Alta' }]);
  });
});

describe('POST /api/channels/vocabulary/impact', () => {
  it("counts the channel's stored messages a word changes, how, with examples, and writes nothing", async () => {
    const ids = [
      await post(t.app, me, free, 'EURUSD 15:30 ALTA'),
      await post(t.app, me, free, 'GBPUSD 15:40 ALTA'),
      await post(t.app, me, free, 'Bom dia, galera!'),
    ];
    const res = await impactOf(me, free, [ALTA]);
    expect(res.statusCode, res.body).toBe(200);
    const impact = res.json();
    // The channel's messages only (one posted before this test, USDJPY), each read as it came.
    expect(impact).toMatchObject({ newlyRead: 3, changed: 0, noLongerRead: 0 });
    expect(impact.messages).toBeGreaterThanOrEqual(4);
    expect(impact.examples[0]).toMatchObject({
      kind: 'newlyRead',
      before: [],
      after: [{ direction: 'CALL' }],
    });
    expect([...ids, expect.any(Number)]).toContainEqual(impact.examples[0].messageId);
    expect((await cardOf(free))?.vocabulary).toEqual([]);
  });
});

describe('the tester and a taught word', () => {
  it('highlights the token it did not understand, and reads the message with a word not taught yet', async () => {
    const text = 'AUDCAD 14:50 AZUL';
    const plain = (await tester(me, free, text)).json();
    expect(plain.lines[0]).toMatchObject({ status: 'rejected' });
    const draft = [{ means: 'direction', word: 'azul', direction: 'CALL' }];
    const tried = (await tester(me, free, text, draft)).json();
    expect(tried.lines[0]).toMatchObject({
      status: 'accepted',
      asset: 'AUDCAD',
      direction: 'CALL',
    });
    expect(tried.doubtful).toEqual([]);
    // Tried, not taught.
    expect((await cardOf(free))?.vocabulary).toEqual([]);
    const refused = await tester(me, free, text, [
      { means: 'direction', word: 'PUT', direction: 'CALL' },
    ]);
    expect(refused.json().error.code).toBe('vocabulary.errors.contradictsLexicon');
  });

  it('GET /api/signals/message: the stored message for a bot that reads those rooms, one 404 otherwise', async () => {
    const id = await post(t.app, me, vip, 'NZDUSD 14:55 ALTA');
    const mine = await callAs(t.app, me.cookie, api.getChannelMessage, {
      query: { userid: me.userid, id },
    });
    expect(mine.json()).toMatchObject({ id, idNum: vip, text: 'NZDUSD 14:55 ALTA' });
    const other = await registerAndLogin(t.app);
    const theirs = await callAs(t.app, other.cookie, api.getChannelMessage, {
      query: { userid: other.userid, id },
    });
    const missing = await callAs(t.app, other.cookie, api.getChannelMessage, {
      query: { userid: other.userid, id: 99_999_999 },
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(missing.json());
    const notMine = await callAs(t.app, other.cookie, api.getChannelMessage, {
      query: { userid: me.userid, id },
    });
    expect(notMine.statusCode).toBe(403);
  });
});

/** A doubtful line names its tokens; a message it could not read at all has none to name. */
const DOUBT_KEYS = ['robot.activity.doubt', 'robot.activity.unreadable'];

describe('doubts of a followed channel', () => {
  const doubtLines = async () =>
    (await callAs(t.app, me.cookie, api.tradingActivity, { query: { userid: me.userid } }))
      .json()
      .items.filter((i: { message: { key: string } }) => DOUBT_KEYS.includes(i.message.key));
  const doubts = async () =>
    (
      await callAs(t.app, me.cookie, api.getChannelDoubts, { query: { userid: me.userid } })
    ).json() as Record<string, unknown>[];

  it('gets a feed line each; the chat is told once per channel per 10 minutes, the rest counted', async () => {
    await t.app.reader.runOnce(); // what earlier tests posted
    const before = (await doubtLines()).length;
    clock = T0 + 60 * 60_000; // 15:00 on the channel's clock: later than every earlier post
    const first = await post(t.app, me, free, 'EURJPY 15:30 QUEDA');
    await t.app.reader.runOnce();
    const second = await post(t.app, me, free, 'EURJPY 15:35 QUEDA');
    clock += 9 * 60_000;
    await t.app.reader.runOnce();
    const lines = await doubtLines();
    expect(lines.length - before).toBe(2);
    expect(lines[1].message.params).toMatchObject({
      channel: 'Free',
      channelId: free,
      messageId: first,
      excerpt: 'EURJPY 15:30 QUEDA',
      notify: true,
    });
    expect(lines[0].message.params).toMatchObject({ messageId: second, notify: false });
    expect((await doubts()).find((d) => d.idNum === free)).toMatchObject({
      unsent: 1,
      lastMessageId: second,
    });

    clock += 60_000; // 10 minutes after the first chat message
    const third = await post(t.app, me, free, 'EURJPY 15:50 QUEDA');
    await t.app.reader.runOnce();
    expect((await doubtLines())[0].message.params).toMatchObject({
      messageId: third,
      notify: true,
    });
    expect((await doubts()).find((d) => d.idNum === free)).toMatchObject({
      unsent: 0,
      lastMessageId: third,
    });
    const other = await registerAndLogin(t.app);
    expect(
      (await callAs(t.app, other.cookie, api.getChannelDoubts, { query: { userid: me.userid } }))
        .statusCode,
    ).toBe(403);
  });

  it('a message read in full is no doubt', async () => {
    const before = (await doubtLines()).length;
    await post(t.app, me, free, 'EURJPY 16:30 CALL');
    await t.app.reader.runOnce();
    expect((await doubtLines()).length).toBe(before);
  });
});
