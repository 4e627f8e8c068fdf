import { afterEach, describe, expect, it } from 'vitest';
import { Metrics } from './metrics.ts';
import { startWorkerHttp, workerHealth, type WorkerHttp } from './worker-http.ts';

const TOKEN = 'worker-token-0123456789abcdef';
let http: WorkerHttp | null = null;

afterEach(async () => {
  await http?.close();
  http = null;
});

async function start(metrics: Metrics, now: () => number): Promise<string> {
  http = await startWorkerHttp({
    port: 0,
    host: '127.0.0.1',
    token: TOKEN,
    metrics,
    worker: 'worker-1',
    database: 'postgres',
    staleMs: 30_000,
    now,
  });
  return `http://127.0.0.1:${http.port}`;
}

describe("a worker's health and metrics listener", () => {
  it('tells this machine its heartbeat, partitions and last pass, and serves its metrics', async () => {
    let clock = 1_000_000;
    const metrics = new Metrics('worker', { defaults: false });
    const base = await start(metrics, () => clock);
    metrics.runtimePassed(40, clock);
    metrics.heartbeatAt(clock);
    metrics.held({ partitions: 2, leases: 0 });
    clock += 1_500;
    const res = await fetch(`${base}/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      ok: true,
      worker: 'worker-1',
      database: 'postgres',
      uptimeSec: 2,
      lastPass: { ageSec: 1.5, ms: 40, failed: false },
      heartbeatAgeSec: 1.5,
      partitions: 2,
      leases: 0,
      readerLastPassAgeSec: null,
      problems: [],
    });
    const scrape = await fetch(`${base}/metrics`);
    expect(scrape.status).toBe(200);
    expect(await scrape.text()).toContain('copybot_partitions_held{process="worker"} 2');
  });

  it('answers 503 with the reason once passes or the heartbeat stop', async () => {
    let clock = 5_000_000;
    const metrics = new Metrics('worker', { defaults: false });
    const base = await start(metrics, () => clock);
    metrics.runtimePassed(40, clock);
    metrics.heartbeatAt(clock);
    clock += 31_000;
    const res = await fetch(`${base}/health`);
    expect(res.status).toBe(503);
    expect(((await res.json()) as { problems: string[] }).problems).toEqual([
      'no runtime pass for 31 s',
      'heartbeat 31 s old',
    ]);
    // Through a proxy without the token: only whether it is healthy.
    const proxied = await fetch(`${base}/health`, {
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    expect(proxied.status).toBe(503);
    expect(await proxied.json()).toEqual({ ok: false });
  });

  it('refuses metrics through a proxy without the token, and takes the token', async () => {
    const metrics = new Metrics('worker', { defaults: false });
    const base = await start(metrics, () => 0);
    const proxied = { 'x-forwarded-for': '203.0.113.7' };
    const refused = await fetch(`${base}/metrics`, { headers: proxied });
    expect(refused.status).toBe(403);
    expect(await refused.text()).not.toContain('copybot_');
    const wrong = await fetch(`${base}/metrics`, {
      headers: { ...proxied, authorization: 'Bearer not-the-token-at-all-000000' },
    });
    expect(wrong.status).toBe(401);
    const right = await fetch(`${base}/metrics`, {
      headers: { ...proxied, authorization: `Bearer ${TOKEN}` },
    });
    expect(right.status).toBe(200);
    expect((await fetch(`${base}/other`)).status).toBe(404);
    expect((await fetch(`${base}/metrics`, { method: 'POST' })).status).toBe(405);
  });

  it('judges a worker that has not passed yet from its start, and a failed last pass', () => {
    const metrics = new Metrics('worker', { defaults: false });
    expect(workerHealth(metrics, { now: 10_000, startedAt: 0, staleMs: 30_000 }).ok).toBe(true);
    expect(workerHealth(metrics, { now: 40_000, startedAt: 0, staleMs: 30_000 }).problems).toEqual([
      'no runtime pass for 40 s',
    ]);
    metrics.runtimePassed(10, 39_000, true);
    expect(workerHealth(metrics, { now: 40_000, startedAt: 0, staleMs: 30_000 })).toMatchObject({
      ok: false,
      problems: ['the last runtime pass failed'],
    });
  });
});
