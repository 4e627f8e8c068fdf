import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app.ts';

/** Errors Fastify or Node raise before a route runs still answer the envelope. */

const t = useTestApp();
let port = 0;
beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});

function rawGet(path: string, headers: Record<string, string>) {
  return new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'] ?? '', body }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe('framework errors use the envelope', () => {
  it('answers 431 with the envelope when the request headers are too large', async () => {
    const res = await rawGet('/api/session', { 'x-padding': 'a'.repeat(20_000) });
    expect(res.status).toBe(431);
    expect(res.type).toContain('application/json');
    expect(JSON.parse(res.body)).toEqual({
      error: { code: 'errors.invalidInput', message: 'The request headers are too large.' },
    });
  });

  it('answers 400 with the envelope for a URL that is not valid percent-encoding', async () => {
    for (const url of ['/api/%zz', '/%zz']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: { code: 'errors.invalidInput', message: 'The address is not valid.' },
      });
    }
  });
});
