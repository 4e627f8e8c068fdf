import type { FastifyInstance } from 'fastify';
import type { RuntimeDeps } from '../robot/runtime-deps.ts';
import { runtimeDepsOf } from '../robot/runtime.ts';

/** A log that keeps what it was told, for assertions (and silence in test output). */
export function memoryLog(): RuntimeDeps['log'] & { errors: object[] } {
  const errors: object[] = [];
  return { errors, info: () => undefined, error: (obj) => void errors.push(obj) };
}

/** The runtime's deps for a test app: its database and clock, the paper broker. */
export function robotOf(
  app: FastifyInstance,
  extra: Parameters<typeof runtimeDepsOf>[2] = {},
): RuntimeDeps {
  return runtimeDepsOf(app.deps, memoryLog(), extra);
}
