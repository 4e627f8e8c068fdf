import type { FastifyBaseLogger } from 'fastify';

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;
type Log = (...args: unknown[]) => void;

/**
 * A request's logger that becomes the real child (with the request id bound) only when something
 * logs through it. Fastify makes a child logger per request whether or not anything uses it, and
 * with redaction configured pino runs each child's bindings through the wildcard paths: 9 % of
 * an authenticated read's CPU. Most requests log only their one line, which the log
 * controller writes through a logger of its own.
 */
export class LazyChildLogger implements FastifyBaseLogger {
  #child: FastifyBaseLogger | null = null;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildOptions,
  ) {}

  private get real(): FastifyBaseLogger {
    this.#child ??= this.parent.child(this.bindings, this.options);
    return this.#child;
  }

  get level(): string {
    return this.#child?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.real.level = level;
  }

  fatal(...args: unknown[]): void {
    (this.real.fatal as Log)(...args);
  }

  error(...args: unknown[]): void {
    (this.real.error as Log)(...args);
  }

  warn(...args: unknown[]): void {
    (this.real.warn as Log)(...args);
  }

  info(...args: unknown[]): void {
    (this.real.info as Log)(...args);
  }

  debug(...args: unknown[]): void {
    (this.real.debug as Log)(...args);
  }

  trace(...args: unknown[]): void {
    (this.real.trace as Log)(...args);
  }

  silent(...args: unknown[]): void {
    (this.real.silent as Log)(...args);
  }

  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.real.child(bindings, options);
  }
}
