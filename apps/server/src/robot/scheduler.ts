import type { FastifyInstance } from 'fastify';
import {
  runtimeDepsOf,
  startRuntimeLoop,
  type RuntimeLoop,
  type RuntimeLoopOptions,
} from './runtime.ts';

export type RobotRuntimeOptions = RuntimeLoopOptions & {
  /** Old name of `idleMs`. */
  intervalMs?: number;
};

/** A running runtime; `stop` waits for the pass in progress, so the database can close after. */
export type RobotRuntime = RuntimeLoop;

/**
 * Starts the robot runtime in this server process (DESIGN §7 "in the server process by
 * default"). The runtime itself knows nothing of Fastify (runtime.ts); this only lends it the
 * app's deps and logger, wakes it when the API queues something, and stops it when the app closes.
 */
export function startRobotRuntime(
  app: FastifyInstance,
  { intervalMs, ...options }: RobotRuntimeOptions = {},
): RobotRuntime {
  const rt = runtimeDepsOf(app.deps, app.log, {
    onChange: (botId) => app.robotEvents.emit('change', botId),
  });
  const runtime = startRuntimeLoop(rt, { idleMs: intervalMs ?? options.idleMs, ...options });
  app.robotEvents.on('queued', () => runtime.wake());
  // Hooks run last-added first, so this runs before build()'s hook that closes the database.
  app.addHook('onClose', () => runtime.stop());
  return runtime;
}
