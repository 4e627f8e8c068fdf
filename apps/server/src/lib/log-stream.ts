import { write, writeSync } from 'node:fs';

/**
 * The server's log destination: lines are queued and written to the file descriptor by the
 * thread pool, one write in flight at a time, so a slow reader of stdout (a pipe into journald,
 * `docker logs`, the bench) never blocks the event loop. Pino's default destination writes
 * synchronously and, when the pipe is full, sleeps 100 ms with the loop blocked (sonic-boom's
 * EAGAIN retry): under load every request waited behind it (the 200-connection p99).
 * The queue is bounded: beyond `maxQueuedBytes` lines are dropped and the drop is logged once
 * the writer catches up. `flushSync()` writes what is queued before the process exits.
 */
export class AsyncLogStream {
  private queue: string[] = [];
  private queuedBytes = 0;
  private writing = false;
  private dropped = 0;
  private broken = false;
  private idleWaiters: (() => void)[] = [];

  constructor(
    private readonly fd = 1,
    private readonly maxQueuedBytes = 8 * 1024 * 1024,
  ) {}

  write(line: string): void {
    if (this.broken) return;
    if (this.queuedBytes + line.length > this.maxQueuedBytes) {
      this.dropped += 1;
      return;
    }
    this.queue.push(line);
    this.queuedBytes += line.length;
    if (!this.writing) {
      this.writing = true;
      // Lines logged in the same tick go out in one write.
      setImmediate(() => this.writeNext());
    }
  }

  /** Resolves once every queued line has been written (or logging stopped). */
  whenIdle(): Promise<void> {
    if (!this.writing) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private setIdle(): void {
    this.writing = false;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  /** Writes what is queued, synchronously (at exit). A write already in flight is not redone. */
  flushSync(): void {
    this.noteDropped();
    const buffer = this.take();
    let offset = 0;
    let attempts = 0;
    while (!this.broken && offset < buffer.length && attempts < 1000) {
      try {
        offset += writeSync(this.fd, buffer, offset, buffer.length - offset);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') this.broken = true;
        attempts += 1;
      }
    }
  }

  private noteDropped(): void {
    if (this.dropped === 0) return;
    const line = `${JSON.stringify({ level: 40, time: Date.now(), msg: `${this.dropped} log lines dropped: the log reader was too slow` })}\n`;
    this.dropped = 0;
    this.queue.push(line);
    this.queuedBytes += line.length;
  }

  private take(): Buffer {
    const buffer = Buffer.from(this.queue.join(''), 'utf8');
    this.queue = [];
    this.queuedBytes = 0;
    return buffer;
  }

  private writeNext(): void {
    this.noteDropped();
    if (this.broken || this.queue.length === 0) {
      this.setIdle();
      return;
    }
    this.writeBuffer(this.take(), 0);
  }

  private writeBuffer(buffer: Buffer, offset: number): void {
    write(this.fd, buffer, offset, buffer.length - offset, null, (error, written) => {
      if (error) {
        // A non-blocking descriptor that is full: try again shortly, the loop stays free.
        if (error.code === 'EAGAIN') {
          setTimeout(() => this.writeBuffer(buffer, offset), 10);
          return;
        }
        // The reader is gone (EPIPE) or the descriptor is unusable: logging stops, serving does not.
        this.broken = true;
        this.setIdle();
        return;
      }
      if (offset + written < buffer.length) this.writeBuffer(buffer, offset + written);
      else this.writeNext();
    });
  }
}
