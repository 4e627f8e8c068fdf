/**
 * Runs `task` one at a time. A call while it runs does not start a second run beside it, nor is
 * it dropped: it asks for one more run once the current one ends (calls meanwhile share it), so
 * what changed during a run is read by the next. The promise settles when the run that covers
 * the call has ended.
 */
export function coalesce(task: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null;
  let again = false;
  return () => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await task();
        } while (again);
      } finally {
        running = null;
      }
    })();
    return running;
  };
}
