import { describe, expect, it } from 'vitest';
import { Metrics, recordMissedEntries } from './metrics.ts';

describe('the process metrics', () => {
  it('names every figure an operator watches, labelled by process', async () => {
    const m = new Metrics('worker', { defaults: false });
    m.entriesCameDue(3);
    m.entrySent('paper', 400);
    m.entrySent('deriv', 1500);
    m.entriesMissed('too_late', 2);
    m.decided(12);
    m.readerPassed(40, 1_000_000);
    m.readerRead(1_000_000, 1_000_250);
    m.held({ leases: 0, partitions: 2 });
    m.heartbeatAt(2_000_000);
    m.brokerError('deriv', 'network');
    m.prunedRows('activity', 7);
    m.httpAnswered('GET', '/api/bots', 200, 3);
    const text = await m.text();
    for (const line of [
      'copybot_entries_due_total{process="worker"} 3',
      'copybot_entries_sent_total{broker="paper",process="worker"} 1',
      'copybot_entries_missed_total{reason="too_late",process="worker"} 2',
      'copybot_send_lateness_seconds_bucket{le="0.5",process="worker"} 1',
      'copybot_send_lateness_seconds_bucket{le="2",process="worker"} 2',
      'copybot_reader_lag_seconds_bucket{le="0.25",process="worker"} 1',
      'copybot_partitions_held{process="worker"} 2',
      'copybot_heartbeat_timestamp_seconds{process="worker"} 2000',
      'copybot_broker_errors_total{broker="deriv",kind="network",process="worker"} 1',
      'copybot_pruned_rows_total{table="activity",process="worker"} 7',
      'copybot_http_requests_total{method="GET",route="/api/bots",status="2xx",process="worker"} 1',
    ]) {
      expect(text).toContain(line);
    }
    expect(m.contentType).toMatch(/^text\/plain/);
  });

  it('reads the queue depths at scrape time, once for both gauges', async () => {
    const m = new Metrics('server', { defaults: false });
    let reads = 0;
    m.setQueueDepthSource(async () => {
      reads += 1;
      return {
        bot_events: { depth: 12, oldestAgeSec: 3.5 },
        tg_outbox: { depth: 0, oldestAgeSec: null },
      };
    });
    const text = await m.text();
    expect(text).toContain('copybot_queue_depth{queue="bot_events",process="server"} 12');
    expect(text).toContain(
      'copybot_queue_oldest_age_seconds{queue="bot_events",process="server"} 3.5',
    );
    expect(text).toContain(
      'copybot_queue_oldest_age_seconds{queue="tg_outbox",process="server"} 0',
    );
    expect(reads).toBe(1);
    // A failing source leaves the queue series out instead of failing the scrape.
    m.setQueueDepthSource(async () => {
      throw new Error('database down');
    });
    const without = await m.text();
    expect(without).not.toContain('copybot_queue_depth{');
    expect(without).toContain('copybot_entries_due_total');
  });

  it('keeps the latest pass, heartbeat and partitions for the health answer', () => {
    const m = new Metrics('worker', { defaults: false });
    expect(m.snapshot()).toMatchObject({ lastPassAt: null, heartbeatAt: null, partitions: null });
    m.runtimePassed(25, 5_000);
    m.runtimePassed(30, 6_000, true);
    m.held({ partitions: 3 });
    expect(m.snapshot()).toMatchObject({
      lastPassAt: 6_000,
      lastPassMs: 30,
      lastPassFailed: true,
      partitions: 3,
    });
  });

  it('writes one line per missed entry, at warn when the robot failed the trader', async () => {
    const m = new Metrics('worker', { defaults: false });
    const lines: { level: string; obj: Record<string, unknown>; msg: string }[] = [];
    const log = {
      info: (obj: object, msg: string) => lines.push({ level: 'info', obj: { ...obj }, msg }),
      warn: (obj: object, msg: string) => lines.push({ level: 'warn', obj: { ...obj }, msg }),
    };
    recordMissedEntries(
      log,
      [
        {
          botId: 7,
          signalId: 70,
          reason: 'too_late',
          sendAtMs: Date.UTC(2026, 11, 2),
          lateMs: 6200,
        },
        { botId: 8, signalId: 80, reason: 'too_late' },
        { botId: 9, signalId: 90, reason: 'outside_window' },
      ],
      m,
    );
    expect(lines).toEqual([
      {
        level: 'warn',
        msg: 'entry missed',
        obj: {
          botId: 7,
          signalId: 70,
          reason: 'too_late',
          sendAt: '2026-12-02T00:00:00.000Z',
          lateMs: 6200,
        },
      },
      { level: 'warn', msg: 'entry missed', obj: { botId: 8, signalId: 80, reason: 'too_late' } },
      {
        level: 'info',
        msg: 'entry missed',
        obj: { botId: 9, signalId: 90, reason: 'outside_window' },
      },
    ]);
    expect(await m.valueOf('copybot_entries_missed_total')).toEqual([
      { labels: { reason: 'too_late' }, value: 2 },
      { labels: { reason: 'outside_window' }, value: 1 },
    ]);
  });
});
