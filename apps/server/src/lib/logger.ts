import pino, { type Logger } from 'pino';
import type { LogLevel } from './config.ts';

/** Never log a password, token or cookie value, whatever a future log line includes. */
export const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'headers["set-cookie"]',
  'body.password',
  'body.token',
  'body.tokenDemo',
  'body.tokenReal',
  '*.password',
  '*.token',
  '*.tokenDemo',
  '*.tokenReal',
];

/**
 * A process's logger in the server's format (pino JSON lines, the same redaction): the server's
 * Fastify logger and every worker write the same lines, so one log pipeline reads them all.
 */
export function createLogger(options: {
  level?: LogLevel;
  stream?: { write(line: string): void };
  /** Fields on every line (`worker: <id>`). */
  base?: Record<string, unknown>;
}): Logger {
  return pino(
    {
      level: options.level ?? 'info',
      redact: { paths: REDACT, censor: '[redacted]' },
      base: { pid: process.pid, ...options.base },
    },
    options.stream ?? pino.destination({ sync: false }),
  );
}
