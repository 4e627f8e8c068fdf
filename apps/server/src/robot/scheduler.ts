import type { FastifyInstance } from 'fastify';
import { processQueuedCommands } from './command-queue.ts';

export interface RobotRuntimeOptions {
  /** Pause between two polls of the command queue, ms (default 1000). */
  intervalMs?: number;
  /** Commands applied per poll at most; the rest wait for the next one (default 50). */
  batch?: number;
}

/** A running runtime; `stop` waits for the poll in progress, so the database can close after. */
export interface RobotRuntime {
  stop(): Promise<void>;
}

/** Only the error's name and message: a driver error can carry query parameters. */
function describe(err: unknown): { name: string; message: string } {
  return err instanceof Error
    ? { name: err.name, message: err.message }
    : { name: 'Error', message: String(err) };
}

/**
 * Starts the robot runtime in this server process (DESIGN §7 "in the server process by
 * default"): every `intervalMs` it applies the queued bot commands to the bots' sessions. This
 * first slice only applies commands; trading signals on the paper broker comes in a later slice.
 * A failing poll is logged and the loop goes on; the runtime stops when the app closes.
 */
export function startRobotRuntime(
  app: FastifyInstance,
  { intervalMs = 1000, batch = 50 }: RobotRuntimeOptions = {},
): RobotRuntime {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;

  const poll = async (): Promise<void> => {
    try {
      await processQueuedCommands(app.deps, {
        limit: batch,
        onError: (err, command) =>
          app.log.error({ err: describe(err), command }, 'robot runtime: command failed'),
      });
    } catch (err) {
      app.log.error({ err: describe(err) }, 'robot runtime: poll failed');
    }
  };

  // A chain of timeouts, not an interval: a slow poll delays the next one instead of overlapping.
  const schedule = (): void => {
    if (stopped) return;
    timer = setTimeout(() => {
      timer = null;
      running = poll().finally(() => {
        running = null;
        schedule();
      });
    }, intervalMs);
    // The HTTP server keeps the process alive; the runtime alone must not.
    timer.unref();
  };

  schedule();
  const runtime: RobotRuntime = {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
  // Hooks run last-added first, so this runs before build()'s hook that closes the database.
  app.addHook('onClose', () => runtime.stop());
  return runtime;
}
