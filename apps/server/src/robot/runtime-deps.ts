import type { Kysely } from 'kysely';
import type { DialectName } from '../db/dialect.ts';
import type { Database } from '../db/schema.ts';
import type { Secrets } from '../lib/secrets.ts';
import type { BatchBroker, BrokerAdapter } from './brokers/broker-adapter.ts';
import type { CopyTarget } from './brokers/own-adapters.ts';

/** Where the runtime writes what it did; never given a secret (tokens stay in the adapters). */
export interface RuntimeLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** A point of the order path where a crash test may stop the process (`kill -9`). */
export type FaultPoint =
  | 'before_broker_call'
  | 'after_broker_call'
  | 'mid_fan_out'
  /** The end of a bot's run: the process dies while idle, its orders written ahead. */
  | 'run_end';

/**
 * What the robot runtime needs, without Fastify: the server passes its own deps, a worker
 * process builds these from `DATABASE_URL` (DESIGN §7 "where it runs").
 */
export interface RuntimeDeps {
  db: Kysely<Database>;
  dialect: DialectName;
  /** Epoch ms; tests move it by hand. */
  now: () => number;
  secrets: Secrets;
  log: RuntimeLog;
  /** The broker adapter of one bot's broker (paper unless a real one is set up). */
  brokerFor: (botId: number, brokerId: number) => Promise<BrokerAdapter>;
  /**
   * The batch broker that places this bot's copies together with other bots' (the paper broker
   * in one transaction), or null/absent: one `placeOrder` per copy through `brokerFor`. Must
   * agree with `brokerFor` (set only where `brokerFor` is the paper broker).
   */
  batchBroker?: (botId: number, brokerId: number) => BatchBroker | null;
  /**
   * Which copies go through the follower's own network adapter (`brokerFor`: its login at a
   * real-trading broker) instead of the batch broker: keys `botId/brokerId`. Absent: none.
   * `db` may be a transaction (the fan-out asks inside its own).
   */
  ownBroker?: (db: Kysely<Database>, targets: readonly CopyTarget[]) => Promise<Set<string>>;
  /** Told when a bot's feed, orders or figures changed (the SSE stream listens). */
  onChange?: (botId: number) => void;
  /** Broker call time-out, ms (default 10 s); tests shorten it instead of sleeping. */
  brokerTimeoutMs?: number;
  /** Crash tests only: called at each fault point. */
  fault?: (point: FaultPoint) => void;
  /**
   * Whether this process may call brokers now (partitions.ts `mayTrade`): false once its own
   * heartbeat is so old that another worker may have taken its bots. Absent: always.
   */
  mayTrade?: () => boolean;
}

/**
 * What the runtime borrows from its host: the server's deps (`app.deps`), a worker's own, a
 * bench's. Only these; the runtime knows nothing of the app's other deps.
 */
export type RobotHostDeps = Pick<RuntimeDeps, 'db' | 'dialect' | 'now' | 'secrets'>;

/** Only the error's name and message: a driver error can carry query parameters. */
export function describeError(err: unknown): { name: string; message: string } {
  return err instanceof Error
    ? { name: err.name, message: err.message }
    : { name: 'Error', message: String(err) };
}
