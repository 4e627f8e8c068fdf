import { describe, expect, it } from 'vitest';
import { defaultProxy, ProxyReadSchema } from './proxy.ts';
import { defaultReaderParams, readerParamsEndpoints } from './reader-params.ts';
import {
  defaultCustomCycles,
  defaultCycles,
  defaultLossRecovery,
  defaultMasanielloParams,
  defaultRecoveryParams,
  defaultSoros,
  strategiesEndpoints as s,
} from './strategies.ts';

// The server answers these when nothing was saved, and the panel starts its forms from them, so
// each must be a value its own save accepts unchanged.
describe('defaults', () => {
  const userid = '12345';
  const cases = [
    ['recovery params', s.saveRecoveryParams, defaultRecoveryParams(userid, 5)],
    ['masaniello', s.saveMasaniello, defaultMasanielloParams(userid)],
    ['cycles', s.saveCycles, defaultCycles(userid, 5)],
    ['soros', s.saveSoros, defaultSoros(userid, 5)],
    ['loss recovery', s.saveLossRecovery, defaultLossRecovery(userid, 5)],
    ['reader params', readerParamsEndpoints.saveReaderParams, defaultReaderParams()],
  ] as const;

  it.each(cases)('%s pass their save schema and rules', (_name, endpoint, value) => {
    expect(endpoint.body.safeParse(value).error).toBeUndefined();
    expect(endpoint.rules?.(value) ?? null).toBeNull();
  });

  it('recovery params default to the cycles and soros defaults of the same broker', () => {
    const r = defaultRecoveryParams(userid, 3);
    const c = defaultCycles(userid, 3);
    const so = defaultSoros(userid, 3);
    expect(r).toEqual({
      ciclos: c.ciclos,
      ciclosfat: c.ciclosFat,
      ciclosgale: c.ciclosGale,
      ciclosgalefat: c.ciclosGaleFat,
      soros: so.soros,
      sorosgale: so.sorosgale,
      sorosperc: so.sorosperc,
      brokerID: 3,
      userid,
    });
  });

  it('proxy defaults to none, with no password stored', () => {
    expect(ProxyReadSchema.safeParse(defaultProxy(userid)).error).toBeUndefined();
    expect(defaultProxy(userid)).toMatchObject({ ip: '', porta: 0, hasPassword: false });
  });

  it('custom cycles default to no rows', () => {
    expect(defaultCustomCycles()).toEqual([]);
  });
});
