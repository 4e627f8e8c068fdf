import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's Prometheus metrics (prom-client): one registry per process, served by the
 * server's `GET /metrics` and each worker's own listener (docs/operator.md lists them with their
 * alert thresholds). Code records through the small functions of `Metrics`, never through
 * prom-client directly, so names and labels stay in this one file.
 *
 * Labels are bounded sets (a broker's name, a reason key, a queue's name, a route pattern): never
 * a bot, account or channel id, which would make one series per trader.
 */

/** Which process kind the registry belongs to (every series carries it as `process`). */
export type ProcessKind = 'server' | 'worker';

/** A queue whose depth is read at each scrape (waiting rows and the oldest one's age). */
export type QueueName = 'bot_events' | 'tg_outbox';

export interface QueueDepth {
  /** Rows waiting to be handled. */
  depth: number;
  /** Age of the oldest waiting row, seconds; null when none waits. */
  oldestAgeSec: number | null;
}

/** Reads the queues' depths at scrape time (a query per queue; none between scrapes). */
export type QueueDepthSource = () => Promise<Partial<Record<QueueName, QueueDepth>>>;

/** Seconds from ms (Prometheus' base unit is the second). */
const sec = (ms: number): number => Math.max(0, ms) / 1000;

/** Lateness of a send after its planned instant: tolerance is seconds, p99 target ≤ 1 s. */
const LATENESS_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2, 3, 5, 10, 30];
/** Work that should take milliseconds (a decision, a reader pass, an HTTP request). */
const DURATION_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** From a message's arrival to its signals written. */
const LAG_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60];

/** What a worker's health answer tells, from the figures recorded below (Unix ms). */
export interface MetricsSnapshot {
  lastPassAt: number | null;
  lastPassMs: number | null;
  lastPassFailed: boolean;
  heartbeatAt: number | null;
  partitions: number | null;
  leases: number | null;
  readerLastPassAt: number | null;
}

export class Metrics {
  readonly registry = new Registry();
  private queueSource: QueueDepthSource | null = null;
  private readonly last: MetricsSnapshot = {
    lastPassAt: null,
    lastPassMs: null,
    lastPassFailed: false,
    heartbeatAt: null,
    partitions: null,
    leases: null,
    readerLastPassAt: null,
  };

  private readonly entriesDue = new Counter({
    name: 'copybot_entries_due_total',
    help: 'Pending entries that came due for a decision',
    registers: [this.registry],
  });
  private readonly entriesSent = new Counter({
    name: 'copybot_entries_sent_total',
    help: 'Orders sent to a broker, by broker',
    labelNames: ['broker'] as const,
    registers: [this.registry],
  });
  private readonly missed = new Counter({
    name: 'copybot_entries_missed_total',
    help: 'Entries not sent, by reason key (too_late, a refusal, a broker failure)',
    labelNames: ['reason'] as const,
    registers: [this.registry],
  });
  private readonly sendLateness = new Histogram({
    name: 'copybot_send_lateness_seconds',
    help: 'How long after its planned instant an order reached its broker',
    buckets: LATENESS_BUCKETS,
    registers: [this.registry],
  });
  private readonly decisionTime = new Histogram({
    name: 'copybot_decision_seconds',
    help: 'Time to decide a batch of due entries (the bots one signal concerns)',
    buckets: DURATION_BUCKETS,
    registers: [this.registry],
  });
  private readonly runtimePass = new Histogram({
    name: 'copybot_runtime_pass_seconds',
    help: "One pass of the trading runtime over this process's due work",
    buckets: DURATION_BUCKETS,
    registers: [this.registry],
  });
  private readonly runtimePassErrors = new Counter({
    name: 'copybot_runtime_pass_errors_total',
    help: 'Runtime passes that failed (the next pass retries)',
    registers: [this.registry],
  });
  private readonly readerPass = new Histogram({
    name: 'copybot_reader_pass_seconds',
    help: 'One pass of the channel reader over the messages waiting',
    buckets: DURATION_BUCKETS,
    registers: [this.registry],
  });
  private readonly readerLag = new Histogram({
    name: 'copybot_reader_lag_seconds',
    help: "From a message's arrival to its signals and pending entries written",
    buckets: LAG_BUCKETS,
    registers: [this.registry],
  });
  private readonly dbStatements = new Counter({
    name: 'copybot_db_statements_total',
    help: 'SQL statements this process ran (a worker: its runtime, reader and heartbeat)',
    registers: [this.registry],
  });
  private readonly readerMessages = new Counter({
    name: 'copybot_reader_messages_total',
    help: 'Channel messages the reader parsed (once per channel message)',
    registers: [this.registry],
  });
  private readonly readerLastPass = new Gauge({
    name: 'copybot_reader_last_pass_timestamp_seconds',
    help: 'When the reader last finished a pass (Unix seconds)',
    registers: [this.registry],
  });
  private readonly leasesHeld = new Gauge({
    name: 'copybot_leases_held',
    help: 'Bot leases this process holds',
    registers: [this.registry],
  });
  private readonly partitionsHeld = new Gauge({
    name: 'copybot_partitions_held',
    help: 'Work partitions this process owns',
    registers: [this.registry],
  });
  private readonly heartbeat = new Gauge({
    name: 'copybot_heartbeat_timestamp_seconds',
    help: "When this process's heartbeat last reached the database (Unix seconds)",
    registers: [this.registry],
  });
  private readonly takeovers = new Counter({
    name: 'copybot_takeovers_total',
    help: 'Partitions or leases this process took over from a worker that stopped beating',
    registers: [this.registry],
  });
  private readonly brokerErrors = new Counter({
    name: 'copybot_broker_errors_total',
    help: 'Failed broker calls, by broker and kind (network, refused, auth, …)',
    labelNames: ['broker', 'kind'] as const,
    registers: [this.registry],
  });
  private readonly outboxSent = new Counter({
    name: 'copybot_outbox_sent_total',
    help: 'Chat messages the outbox drainer delivered',
    registers: [this.registry],
  });
  private readonly outboxFailed = new Counter({
    name: 'copybot_outbox_failed_total',
    help: 'Chat message deliveries that failed, by kind (retry, dropped, expired)',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });
  private readonly pruned = new Counter({
    name: 'copybot_pruned_rows_total',
    help: 'Rows the retention job deleted, by table',
    labelNames: ['table'] as const,
    registers: [this.registry],
  });
  private readonly httpRequests = new Counter({
    name: 'copybot_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status class',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });
  private readonly httpDuration = new Histogram({
    name: 'copybot_http_request_duration_seconds',
    help: 'HTTP request time, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: DURATION_BUCKETS,
    registers: [this.registry],
  });

  constructor(
    readonly kind: ProcessKind,
    options: { defaults?: boolean } = {},
  ) {
    this.registry.setDefaultLabels({ process: kind });
    const readQueues = () => this.readQueues();
    new Gauge({
      name: 'copybot_queue_depth',
      help: 'Rows waiting in a queue table (bot_events not done, tg_outbox queued)',
      labelNames: ['queue'] as const,
      registers: [this.registry],
      async collect() {
        this.reset();
        const depths = await readQueues();
        for (const [queue, d] of Object.entries(depths)) this.set({ queue }, d.depth);
      },
    });
    new Gauge({
      name: 'copybot_queue_oldest_age_seconds',
      help: 'Age of the oldest waiting row of a queue (0 when empty)',
      labelNames: ['queue'] as const,
      registers: [this.registry],
      async collect() {
        this.reset();
        const depths = await readQueues();
        for (const [queue, d] of Object.entries(depths)) this.set({ queue }, d.oldestAgeSec ?? 0);
      },
    });
    // Process CPU, memory, event-loop lag, GC: prefixed like ours.
    if (options.defaults !== false) {
      collectDefaultMetrics({ register: this.registry, prefix: 'copybot_' });
    }
  }

  // One scrape reads the queues once for both gauges.
  private pendingRead: Promise<Partial<Record<QueueName, QueueDepth>>> | null = null;
  private readQueues(): Promise<Partial<Record<QueueName, QueueDepth>>> {
    const source = this.queueSource;
    if (source === null) return Promise.resolve({});
    this.pendingRead ??= source()
      .catch(() => ({}))
      .finally(() => {
        this.pendingRead = null;
      });
    return this.pendingRead;
  }

  /** Where the queue gauges read from (the process's database); null: no queue series. */
  setQueueDepthSource(source: QueueDepthSource | null): void {
    this.queueSource = source;
  }

  /** `n` pending entries came due for a decision. */
  entriesCameDue(n = 1): void {
    if (n > 0) this.entriesDue.inc(n);
  }

  /** An order reached its broker `latenessMs` after its planned instant. */
  entrySent(broker: string, latenessMs: number): void {
    this.entriesSent.inc({ broker });
    this.sendLateness.observe(sec(latenessMs));
  }

  /** `n` entries were not sent, for `reason` (a decision or rejection key, e.g. `too_late`). */
  entriesMissed(reason: string, n = 1): void {
    if (n > 0) this.missed.inc({ reason }, n);
  }

  /** A batch of due entries took `ms` to decide. */
  decided(ms: number): void {
    this.decisionTime.observe(sec(ms));
  }

  /** A runtime pass ended at `atMs` (Unix ms) after `ms`; `failed` when it threw. */
  runtimePassed(ms: number, atMs: number, failed = false): void {
    this.runtimePass.observe(sec(ms));
    if (failed) this.runtimePassErrors.inc();
    Object.assign(this.last, { lastPassAt: atMs, lastPassMs: ms, lastPassFailed: failed });
  }

  /** A reader pass took `ms`, ending at `atMs` (Unix ms). */
  readerPassed(ms: number, atMs: number): void {
    this.readerPass.observe(sec(ms));
    this.readerLastPass.set(atMs / 1000);
    this.last.readerLastPassAt = atMs;
  }

  /** The database answered one statement. */
  dbStatement(): void {
    this.dbStatements.inc();
  }

  /** A message received at `receivedAtMs` became signals at `atMs`. */
  readerRead(receivedAtMs: number, atMs: number): void {
    this.readerMessages.inc();
    this.readerLag.observe(sec(atMs - receivedAtMs));
  }

  /** Leases and partitions this process holds now. */
  held(counts: { leases?: number; partitions?: number }): void {
    if (counts.leases !== undefined) {
      this.leasesHeld.set(counts.leases);
      this.last.leases = counts.leases;
    }
    if (counts.partitions !== undefined) {
      this.partitionsHeld.set(counts.partitions);
      this.last.partitions = counts.partitions;
    }
  }

  /** The heartbeat reached the database at `atMs` (Unix ms). */
  heartbeatAt(atMs: number): void {
    this.heartbeat.set(atMs / 1000);
    this.last.heartbeatAt = atMs;
  }

  /** The latest figures, for a health answer. */
  snapshot(): MetricsSnapshot {
    return { ...this.last };
  }

  /** This process took over `n` partitions or leases of a dead worker. */
  tookOver(n = 1): void {
    if (n > 0) this.takeovers.inc(n);
  }

  /** A broker call failed; `kind` is a short bounded word (network, refused, auth, timeout). */
  brokerError(broker: string, kind: string): void {
    this.brokerErrors.inc({ broker, kind });
  }

  /** The outbox drainer delivered `n` chat messages. */
  outboxDelivered(n = 1): void {
    if (n > 0) this.outboxSent.inc(n);
  }

  /**
   * `n` chat message deliveries failed: `retry` (network or Telegram trouble, backed off),
   * `dropped` (Telegram refused it), `expired` (queued too long, or no longer worth sending).
   */
  outboxFailure(kind: 'retry' | 'dropped' | 'expired', n = 1): void {
    if (n > 0) this.outboxFailed.inc({ kind }, n);
  }

  /** The retention job deleted `n` rows of `table`. */
  prunedRows(table: string, n: number): void {
    if (n > 0) this.pruned.inc({ table }, n);
  }

  /** An HTTP request; `route` is the matched pattern (`/api/bots/:id`), never the raw URL. */
  httpAnswered(method: string, route: string, status: number, ms: number): void {
    const statusClass = `${Math.floor(status / 100)}xx`;
    this.httpRequests.inc({ method, route, status: statusClass });
    this.httpDuration.observe({ method, route }, sec(ms));
  }

  /** The exposition text (`text/plain; version=0.0.4`). */
  async text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** One series' current values (tests and the health answers read them). */
  async valueOf(
    name: string,
  ): Promise<{ labels: Record<string, string | number | undefined>; value: number }[]> {
    const metric = this.registry.getSingleMetric(name);
    if (metric === undefined) return [];
    return (await metric.get()).values.map((v) => ({ labels: { ...v.labels }, value: v.value }));
  }
}

/**
 * Reasons that mean the robot failed the trader (the entry should have gone out and did not),
 * as opposed to the trader's own rules refusing it (off, outside a window, a stop reached).
 */
export const SYSTEM_MISS_REASONS: ReadonlySet<string> = new Set([
  'too_late',
  'broker_unavailable',
  'broker_refused',
  'broker_error',
  'send_failed',
  'decision_failed',
]);

/** One missed entry, as its log line tells it (ids for the operator; never a token). */
export interface MissedEntry {
  botId: number;
  signalId?: number | null;
  reason: string;
  /** The planned send instant (Unix ms), when known. */
  sendAtMs?: number | null;
  /** How late it was when given up, ms, when known. */
  lateMs?: number | null;
}

/**
 * Counts missed entries and writes one log line for each (`entry missed`): at warn (error where
 * the log has no warn) for a {@link SYSTEM_MISS_REASONS} reason, which an operator must look at,
 * else at info. Called once per batch with every entry it refused.
 */
export function recordMissedEntries(
  log: {
    info(obj: object, msg: string): void;
    warn?(obj: object, msg: string): void;
    error?(obj: object, msg: string): void;
  },
  entries: readonly MissedEntry[],
  metrics: Metrics = processMetrics(),
): void {
  const byReason = new Map<string, number>();
  for (const e of entries) {
    byReason.set(e.reason, (byReason.get(e.reason) ?? 0) + 1);
    const line = {
      botId: e.botId,
      signalId: e.signalId ?? null,
      reason: e.reason,
      ...(e.sendAtMs == null ? {} : { sendAt: new Date(e.sendAtMs).toISOString() }),
      ...(e.lateMs == null ? {} : { lateMs: e.lateMs }),
    };
    const loud = SYSTEM_MISS_REASONS.has(e.reason) ? (log.warn ?? log.error) : undefined;
    if (loud) loud.call(log, line, 'entry missed');
    else log.info(line, 'entry missed');
  }
  for (const [reason, n] of byReason) metrics.entriesMissed(reason, n);
}

let current: Metrics | null = null;

/**
 * The process's metrics, created on first use. The server's entry and the worker's entry call
 * `useProcessMetrics(kind)` first so the `process` label is right; code elsewhere calls
 * `processMetrics()` and records.
 */
export function processMetrics(): Metrics {
  current ??= new Metrics('server');
  return current;
}

/** Sets the process's registry to one of `kind` (a fresh one when the kind changes). */
export function useProcessMetrics(kind: ProcessKind): Metrics {
  if (current === null || current.kind !== kind) current = new Metrics(kind);
  return current;
}
