import { describe, expect, it } from 'vitest';
import { Metrics } from '../../lib/metrics.ts';
import { useTestApp } from '../../test/app.ts';

const TOKEN = 'a-metrics-token-of-32-characters';
const metrics = new Metrics('server', { defaults: false });
const t = useTestApp({ metricsToken: TOKEN, metrics });

function scrape(headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') {
  return t.app.inject({ method: 'GET', url: '/metrics', headers, remoteAddress });
}

describe('GET /metrics on the server', () => {
  it('serves the Prometheus text to this machine, with the queues read from the database', async () => {
    await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '127.0.0.1' });
    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('copybot_queue_depth{queue="bot_events",process="server"} 0');
    expect(res.body).toContain('copybot_queue_depth{queue="tg_outbox",process="server"} 0');
    // The request before was counted by its route pattern, never its raw URL.
    expect(res.body).toMatch(
      /copybot_http_requests_total\{method="GET",route="\/api\/health",status="2xx",process="server"\} 1/,
    );
  });

  it('refuses another machine, or a proxied request, without the token', async () => {
    const remote = await scrape({}, '203.0.113.7');
    expect(remote.statusCode).toBe(403);
    expect(remote.body).not.toContain('copybot_');
    expect(remote.json()).toMatchObject({ error: { code: 'errors.forbidden' } });
    // A reverse proxy on this machine connects from loopback for every visitor.
    expect((await scrape({ 'x-forwarded-for': '203.0.113.7' })).statusCode).toBe(403);
    expect((await scrape({ forwarded: 'for=203.0.113.7' })).statusCode).toBe(403);
  });

  it('serves a scraper elsewhere that sends the bearer token', async () => {
    const res = await scrape({ authorization: `Bearer ${TOKEN}` }, '203.0.113.8');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('copybot_entries_due_total');
  });

  it('answers 401 to a wrong token and 429 after ten wrong tokens a minute', async () => {
    const address = '203.0.113.9';
    for (let i = 0; i < 10; i += 1) {
      const res = await scrape({ authorization: `Bearer wrong-${i}-${TOKEN}` }, address);
      expect(res.statusCode).toBe(401);
    }
    const blocked = await scrape({ authorization: `Bearer ${TOKEN}` }, address);
    expect(blocked.statusCode).toBe(429);
    // Another address is not blocked by this one's guesses.
    expect((await scrape({ authorization: `Bearer ${TOKEN}` }, '203.0.113.10')).statusCode).toBe(
      200,
    );
  });
});
