import { describe, expect, it } from 'vitest';
import { endpointList, endpoints } from './endpoints.ts';

// Every row of SPEC §7, as "METHOD /path". The table must hold each of them.
const SPEC_ROWS = [
  'POST /botlogin',
  'POST /botregister',
  'GET /globalparams',
  'POST /globalparams',
  'GET /recoveryparams',
  'POST /recoveryparams',
  'GET /readerparams',
  'POST /readerparams',
  'POST /readerreset',
  'POST /readerdelete',
  'GET /masaparams',
  'POST /masaparams',
  'POST /brokerdata',
  'POST /binarydata',
  'GET /getchatlist',
  'POST /savelist',
  'POST /updatechatlist',
  'GET /getfollowers',
  'GET /getmetafollow',
  'GET /getmetadata',
  'GET /gettraderdata',
  'GET /gettraderinfo',
  'GET /gettraders',
  'GET /getcycles',
  'GET /getsoros',
  'GET /getlossrec',
  'GET /getgroups',
  'GET /getmetainfo',
  'POST /tradersave',
  'POST /savemetadata',
  'POST /savetraderdata',
  'POST /savecycles',
  'POST /savelossrec',
  'POST /savesoros',
  'POST /savetraderinfo',
  'POST /savegroup',
  'POST /proxyparams',
  'POST /sendbotcmd',
  'POST /removemetadata',
  'POST /traderemove',
  'POST /followremove',
  'POST /removemetafol',
  'POST /addphone',
  'POST /authcode',
  'POST /buybot',
  'POST /chanremove',
  'POST /copyid',
  'POST /savecustcycle',
  'POST /brokerid',
  'POST /updateexpcopy',
  'POST /metaidreq',
  'POST /copytradereq',
  'POST /addnewbot',
  'GET /getbots',
  'GET /botremove',
  'GET /getcustcycle',
];

describe('endpoint table', () => {
  const rows = endpointList.map((e) => `${e.method} ${e.path}`);

  it('holds every row of SPEC §7', () => {
    expect(SPEC_ROWS.filter((r) => !rows.includes(r))).toEqual([]);
  });

  it('has no route twice', () => {
    expect(new Set(rows).size).toBe(rows.length);
  });

  it('names an owner bot for every call except the session calls and the operator check', () => {
    const withoutBot = endpointList.filter((e) => typeof e.owner !== 'object' || e.owner === null);
    expect(withoutBot.map((e) => e.name).sort()).toEqual([
      // The account's bots: an account whose only claim another proved has none (docs/decisions/2026-11-26-bot-claims.md).
      'addBot',
      'botLogin',
      'botRegister',
      'changePassword',
      'getBots',
      'health',
      'logout',
      'logoutAll',
      'panelConfig',
      'purchaseStatus',
      'session',
    ]);
  });

  it('carries the owner field in the schema it names', () => {
    for (const e of endpointList) {
      if (typeof e.owner !== 'object' || e.owner === null) continue;
      const schema = e.owner.in === 'query' ? e.query : e.body;
      expect(schema, `${e.name} has a ${e.owner.in} schema`).toBeDefined();
      const shape = (schema as unknown as { shape?: Record<string, unknown> }).shape;
      expect(shape?.[e.owner.field], `${e.name} declares ${e.owner.field}`).toBeDefined();
    }
  });

  it('carries a relation on a bot-owned row, its fields in the schema it names', () => {
    for (const e of endpointList) {
      if (!e.relation) continue;
      expect(typeof e.owner === 'object' && e.owner !== null, `${e.name} is bot-owned`).toBe(true);
      const schema = e.relation.in === 'query' ? e.query : e.body;
      const shape = (schema as unknown as { shape?: Record<string, unknown> } | undefined)?.shape;
      expect(shape?.[e.relation.field], `${e.name} declares ${e.relation.field}`).toBeDefined();
      if (typeof e.relation.product === 'object') {
        expect(shape?.[e.relation.product.field], `${e.name} product field`).toBeDefined();
      }
    }
  });

  it('rate limits exactly the credential calls (and bot creation, rated per address like them)', () => {
    expect(
      endpointList
        .filter((e) => e.credential)
        .map((e) => e.name)
        .sort(),
    ).toEqual(['addBot', 'botLogin', 'botRegister', 'changePassword']);
  });

  it('rejects a global params body sent as text numbers', () => {
    const r = endpoints.saveGlobalParams.body.safeParse({ lote: '2' });
    expect(r.success).toBe(false);
  });
});
