import Fastify, { type FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { LazyChildLogger } from './lazy-child-logger.ts';

function parentLogger(lines: string[]): { parent: FastifyBaseLogger; children: () => number } {
  const app = Fastify({
    logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } },
  });
  let made = 0;
  const parent = new Proxy(app.log, {
    get(target, key, receiver) {
      if (key === 'child') {
        return (...args: Parameters<FastifyBaseLogger['child']>) => {
          made += 1;
          return target.child(...args);
        };
      }
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  return { parent, children: () => made };
}

describe('LazyChildLogger', () => {
  it('makes no child until something logs, then one child that carries the bindings', () => {
    const lines: string[] = [];
    const { parent, children } = parentLogger(lines);
    const log = new LazyChildLogger(parent, { reqId: 'req-7' }, {});
    expect(log.level).toBe('info');
    log.debug('below the level');
    // Asking is enough to make the child: pino decides what its level lets through.
    expect(children()).toBe(1);
    log.info({ step: 1 }, 'first');
    log.warn('second');
    expect(children()).toBe(1);
    const entries = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(entries).toMatchObject([
      { reqId: 'req-7', step: 1, msg: 'first', level: 30 },
      { reqId: 'req-7', msg: 'second', level: 40 },
    ]);
  });

  it('costs nothing when nothing logs', () => {
    const { parent, children } = parentLogger([]);
    const log = new LazyChildLogger(parent, { reqId: 'req-8' }, {});
    expect(log.level).toBe('info');
    expect(children()).toBe(0);
  });

  it('takes a level of its own and makes grandchildren with both bindings', () => {
    const lines: string[] = [];
    const { parent } = parentLogger(lines);
    const log = new LazyChildLogger(parent, { reqId: 'req-9' }, { level: 'warn' });
    expect(log.level).toBe('warn');
    log.info('dropped');
    log.child({ part: 'reader' }).error('kept');
    log.level = 'info';
    log.info('now kept');
    const entries = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(entries).toMatchObject([
      { reqId: 'req-9', part: 'reader', msg: 'kept' },
      { reqId: 'req-9', msg: 'now kept' },
    ]);
  });
});
