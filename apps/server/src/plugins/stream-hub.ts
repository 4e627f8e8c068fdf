import type { FastifyInstance } from 'fastify';
import { SESSION_ABSOLUTE_MS } from './session.ts';
import { addressKey } from '../lib/throttle-policy.ts';

/** Live streams one session may hold open (a few tabs); more answer 429. */
export const STREAMS_PER_SESSION = 8;
/** Live streams one address may hold open (a household or office behind one NAT); more: 429. */
export const STREAMS_PER_ADDRESS = 32;

/** One open stream, as the hub sees it. */
export interface HubStream {
  sessionId: string;
  address: string;
  botId: number;
  /** The newest feed id this stream has sent. */
  lastId(): number;
  /** Reads and sends what is new (coalesced by the stream). */
  flush(): void;
  /** Ends the stream (the response ends). */
  end(): void;
  /** Tells the browser the bot itself changed (verified). */
  botChanged(): void;
}

/**
 * Every live stream of this process, fed from ONE loop: each tick reads, in
 * one query, the newest feed id of every bot that has a stream, and in another which of their
 * sessions still exist. A stream reads its own feed only when its bot has news; a stream whose
 * session ended (logout, "sair de todos os dispositivos", a password change, expiry) ends. Idle,
 * N streams cost two queries per tick, not N. A logout in this process ends its streams at once
 * (`sessionsEnded`); one in another process, at the next tick.
 */
export class StreamHub {
  private readonly streams = new Set<HubStream>();
  private timer: NodeJS.Timeout | null = null;
  private ticking = false;

  constructor(
    private readonly app: FastifyInstance,
    private readonly pollMs: number,
  ) {}

  get size(): number {
    return this.streams.size;
  }

  /** Whether the shared loop runs (it runs only while a stream is open). */
  get looping(): boolean {
    return this.timer !== null;
  }

  /** Why a new stream of this session and address would be refused, or null. */
  refusal(sessionId: string, ip: string): 'session' | 'address' | null {
    const address = addressKey(ip);
    let perSession = 0;
    let perAddress = 0;
    for (const s of this.streams) {
      if (s.sessionId === sessionId) perSession += 1;
      if (s.address === address) perAddress += 1;
    }
    if (perSession >= STREAMS_PER_SESSION) return 'session';
    if (perAddress >= STREAMS_PER_ADDRESS) return 'address';
    return null;
  }

  add(stream: HubStream): void {
    this.streams.add(stream);
    if (this.timer === null) {
      this.timer = setInterval(() => void this.tick(), this.pollMs);
      this.timer.unref();
    }
  }

  remove(stream: HubStream): void {
    this.streams.delete(stream);
    if (this.streams.size === 0 && this.timer !== null) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }

  /** The runtime changed this bot's feed: its streams read now. */
  changed(botId: number): void {
    for (const s of this.streams) if (s.botId === botId) s.flush();
  }

  /** The bot was verified in this process: its streams say so now. */
  botChanged(botId: number): void {
    for (const s of this.streams) if (s.botId === botId) s.botChanged();
  }

  /** Sessions ended in this process: their streams end now, not at the next tick. */
  async sessionsEnded(): Promise<void> {
    await this.endOrphans();
  }

  endAll(): void {
    for (const s of [...this.streams]) s.end();
  }

  /** One pass of the shared loop. */
  async tick(): Promise<void> {
    if (this.ticking || this.streams.size === 0) return;
    this.ticking = true;
    try {
      await this.endOrphans();
      const botIds = [...new Set([...this.streams].map((s) => s.botId))];
      if (botIds.length === 0) return;
      const rows = await this.app.deps.db
        .selectFrom('activity')
        .select(['bot_id', (eb) => eb.fn.max('id').as('id')])
        .where('bot_id', 'in', botIds)
        .groupBy('bot_id')
        .execute();
      const newest = new Map(rows.map((r) => [Number(r.bot_id), Number(r.id)]));
      for (const s of this.streams) {
        if ((newest.get(s.botId) ?? 0) > s.lastId()) s.flush();
      }
    } catch (err) {
      this.app.log.error(
        { err: err instanceof Error ? err.message : String(err) },
        'stream hub: read failed',
      );
    } finally {
      this.ticking = false;
    }
  }

  /** Ends the streams whose session no longer exists or has expired. */
  private async endOrphans(): Promise<void> {
    const ids = [...new Set([...this.streams].map((s) => s.sessionId))];
    if (ids.length === 0) return;
    const alive = await this.app.deps.db
      .selectFrom('sessions')
      .select('id')
      .where('id', 'in', ids)
      .where('expires_at', '>', this.app.deps.now())
      .where('created_at', '>', this.app.deps.now() - SESSION_ABSOLUTE_MS)
      .execute();
    const live = new Set(alive.map((r) => r.id));
    for (const s of [...this.streams]) if (!live.has(s.sessionId)) s.end();
  }
}
