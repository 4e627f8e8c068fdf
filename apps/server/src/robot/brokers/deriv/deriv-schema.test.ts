import { AccountType } from '@app/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import schemas from '../../../test/deriv-schemas.json' with { type: 'json' };
import { emptyLedger, placeRequest } from '../../../test/broker-requests.ts';
import {
  NEW_API_RECEIVE,
  NEW_API_REST,
  NEW_API_SEND,
} from '../../../test/deriv-new-api-schemas.ts';
import { FakeDeriv, type Reply } from '../../../test/fake-deriv.ts';
import { schemaProblems, type JsonSchema } from '../../../test/json-schema.ts';
import type { PlaceRequest } from '../broker-adapter.ts';
import { derivUrl } from './deriv-connection.ts';
import { DerivBroker } from './deriv-broker.ts';
import { newApiOpener } from './deriv-rest.ts';

/**
 * The fake answers the way Deriv does: every message it sent while the adapter traded (a win, a
 * loss, a price move, an unoffered asset, a BTC account) is checked against Deriv's shapes, and
 * every request the adapter sent against the request shapes. Legacy API: the published v3
 * schemas (`test/deriv-schemas.json`, a digest of deriv-com/deriv-api-docs `config/v3`; its
 * source and commit are in the file). New API (OTP sockets and REST): the new API's shapes
 * (`test/deriv-new-api-schemas.ts`: the v3 digest with each change Deriv's migration guide
 * documents, and the REST answers of its Options setup pages); a call the new API does not
 * document (`website_status`, `authorize`) has no shape there. Socket errors follow Deriv's
 * error object `{ code, message }`, REST errors `{ errors: [{ status, code, message }] }`.
 */
const receive = schemas.receive as Record<string, JsonSchema>;
const send = schemas.send as Record<string, JsonSchema>;
const ERROR: JsonSchema = {
  type: 'object',
  required: ['error', 'msg_type', 'echo_req'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: { code: { type: 'string' }, message: { type: 'string' } },
    },
    msg_type: { type: 'string' },
    echo_req: { type: 'object' },
    req_id: { type: 'integer' },
  },
};

const LEGACY = 'legacy-Tok3n-secret';
const PAT = 'pat-Schema-secret';
const BTC = 'pat-Schema-btc-secret';
const MIXED = 'pat-Schema-inactive-secret';
const ledger = emptyLedger;

/** An order placed now (its send instant now too). */
function request(over: Partial<PlaceRequest> = {}): PlaceRequest {
  const now = Date.now();
  return placeRequest({ openAtMs: now, sendAtMs: now, expiresAtMs: now + 60_000, ...over });
}

let fake: FakeDeriv;
const brokers: DerivBroker[] = [];

beforeEach(async () => {
  fake = await FakeDeriv.start();
  fake.addAccount(LEGACY, { balance: 1000 });
  fake.addToken(PAT, [{ accountId: 'DOT90004580', type: 'demo', balance: 10_000 }]);
  fake.addToken(BTC, [
    { accountId: 'DOT90007777', type: 'demo', currency: 'BTC', balance: 0.12345678 },
  ]);
});

afterEach(async () => {
  await Promise.all(brokers.splice(0).map((b) => b.close()));
  await fake.close();
});

function legacyBroker(): DerivBroker {
  const b = new DerivBroker({
    api: 'legacy',
    opener: () => () => Promise.resolve({ url: derivUrl(fake.url, '4321'), authorize: LEGACY }),
    ledger,
    account: () => 1 as AccountType,
    timeoutMs: 4_000,
  });
  brokers.push(b);
  return b;
}

function newBroker(token: string): DerivBroker {
  const config = { restUrl: fake.restUrl, appId: '4321', timeoutMs: 4_000 };
  const b = new DerivBroker({
    opener: (acc) => (acc === AccountType.demo ? newApiOpener(config, token, 'demo') : null),
    ledger,
    account: () => 1 as AccountType,
    timeoutMs: 4_000,
  });
  brokers.push(b);
  return b;
}

/** Trades through `broker`: balance, offering, a price move retried, a win and a loss. */
async function trade(broker: DerivBroker, stakeCents = 200): Promise<void> {
  await broker.balance(AccountType.demo);
  await broker.payout('EURUSD', 1);
  fake.unoffered.add('frxEURNZD');
  expect(await broker.offered('EURNZD', 1, Date.now())).toBe('notOffered');
  fake.faults.set('buy', { kind: 'error', code: 'PriceMoved', message: 'Moved.' });
  const win = request({ stakeCents });
  expect(await broker.placeOrder(win)).toMatchObject({ ok: true });
  const lose = request({ direction: 'PUT', stakeCents });
  expect(await broker.placeOrder(lose)).toMatchObject({ ok: true });
  const [first, second] = [...fake.contracts.values()].slice(-2);
  fake.settle(first!.contractId, 'won');
  fake.settle(second!.contractId, 'lost');
  await broker.lookup(win.clientRef, Date.now() + 60_000);
  await broker.lookup(lose.clientRef, Date.now() + 60_000);
}

function replyProblems(
  replies: readonly Reply[] = fake.replies,
  shapes: Record<string, JsonSchema> = receive,
): string[] {
  return replies.flatMap((reply) => {
    const schema = 'error' in reply ? ERROR : shapes[reply.msg_type];
    if (!schema) return [`no schema for ${reply.msg_type}`];
    return schemaProblems(schema, reply, reply.msg_type);
  });
}

/** Every request on an OTP socket against the new API's request shapes; unknown calls named. */
function newRequestProblems(): string[] {
  return fake.newApiFrames.flatMap((frame) => {
    const name = Object.keys(NEW_API_SEND).find((n) => n in frame);
    if (name) return schemaProblems(NEW_API_SEND[name]!, frame, `send ${name}`);
    return 'forget' in frame ? [] : [`no new-API call for ${JSON.stringify(Object.keys(frame))}`];
  });
}

/** Every REST answer against the new API's shapes (accounts list, OTP URL, errors). */
function restProblems(): string[] {
  return fake.restReplies.flatMap(({ path, status, body }) => {
    if (path === '/oauth2/token') return [];
    if (status >= 400) return schemaProblems(NEW_API_REST.error, body, `${status} ${path}`);
    const shape = path.endsWith('/otp') ? NEW_API_REST.otp : NEW_API_REST.accounts;
    return schemaProblems(shape, body, path);
  });
}

describe("the fake Deriv's messages against Deriv's published schemas", () => {
  it('legacy API: every reply, and every request the adapter sends', async () => {
    await trade(legacyBroker());
    const types = new Set(fake.replies.map((r) => r.msg_type));
    for (const t of ['proposal', 'buy', 'contracts_for', 'proposal_open_contract', 'balance'])
      expect(types).toContain(t);
    expect(fake.replies.some((r) => 'error' in r)).toBe(true);
    expect(replyProblems()).toEqual([]);
    const requestProblems = fake.frames.flatMap((frame) => {
      const name = Object.keys(send).find((n) => n in frame);
      return name ? schemaProblems(send[name]!, frame, `send ${name}`) : [];
    });
    expect(requestProblems).toEqual([]);
  });

  it("new API (OTP sockets, REST): every reply and request against the new API's shapes", async () => {
    fake.addToken(MIXED, [
      { accountId: 'DOT90001111', type: 'demo', status: 'inactive' },
      { accountId: 'DOT90002222', type: 'demo' },
    ]);
    await trade(newBroker(PAT));
    // The robot's money is hundredths of the account currency: 0.01 BTC.
    await trade(newBroker(BTC), 1);
    await trade(newBroker(MIXED));
    // A refused token and Deriv's gateway failing, in Deriv's error shape.
    expect(
      await newBroker('pat-unknown')
        .balance(AccountType.demo)
        .catch(() => 'refused'),
    ).toBe('refused');
    fake.restFaults.set('accounts', { status: 504 });
    expect(
      await newBroker(PAT)
        .balance(AccountType.demo)
        .catch(() => 'refused'),
    ).toBe('refused');
    expect(fake.newApiReplies.length).toBeGreaterThan(10);
    expect(replyProblems(fake.newApiReplies, NEW_API_RECEIVE)).toEqual([]);
    expect(newRequestProblems()).toEqual([]);
    expect(fake.restReplies.some((r) => r.status === 504)).toBe(true);
    expect(restProblems()).toEqual([]);
    // No call the new API does not document was sent on its sockets.
    expect(fake.newApiFrames.filter((f) => 'website_status' in f || 'authorize' in f)).toEqual([]);
  });

  it("the new API's shapes are not the legacy ones (a check that cannot fail checks nothing)", () => {
    // Legacy `symbol`, `loginid`: refused on the new API; its `underlying_symbol` is required.
    const legacyProposal = { proposal: 1, contract_type: 'CALL', currency: 'USD', symbol: 'R_100' };
    expect(schemaProblems(NEW_API_SEND.proposal!, legacyProposal)).toEqual(
      expect.arrayContaining([
        expect.stringContaining('missing required "underlying_symbol"'),
        expect.stringContaining('unexpected "symbol"'),
      ]),
    );
    // An open contract's payout is a string on the new API, and website_status has no shape.
    const poc = {
      msg_type: 'proposal_open_contract',
      echo_req: {},
      proposal_open_contract: {
        contract_id: 1,
        contract_type: 'CALL',
        currency: 'USD',
        payout: 18.5,
      },
    };
    expect(schemaProblems(NEW_API_RECEIVE.proposal_open_contract!, poc)).toEqual([
      expect.stringContaining('payout'),
    ]);
    expect(NEW_API_RECEIVE.website_status).toBeUndefined();
    // Deriv documents `active | inactive` for an account's status.
    const listed = {
      data: [
        { account_id: 'D1', account_type: 'demo', balance: 1, currency: 'USD', status: 'disabled' },
      ],
    };
    expect(schemaProblems(NEW_API_REST.accounts, listed)).toEqual([
      expect.stringContaining('status'),
    ]);
  });

  it('the checker finds what it should (a schema check that cannot fail checks nothing)', () => {
    const poc = receive.proposal_open_contract!;
    const bad = {
      msg_type: 'proposal_open_contract',
      echo_req: {},
      proposal_open_contract: { contract_id: 'x', sell_price: null, status: 'pending' },
    };
    expect(schemaProblems(poc, bad)).toEqual(
      expect.arrayContaining([
        expect.stringContaining('contract_id'),
        expect.stringContaining('sell_price'),
        expect.stringContaining('status'),
      ]),
    );
  });
});
