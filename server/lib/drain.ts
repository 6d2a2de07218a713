/**
 * A queue worker's loop, shared by the mail queue and the push sender: `run()` calls `pass` until
 * a pass finds nothing due; a call while a run is under way shares that run and asks it for one
 * more round (what was queued meanwhile is not left to the next timer); `stop()` lets the run
 * under way finish and starts no further pass. A failing pass is reported and ends the run.
 */
export function createDrain(pass: () => Promise<number>, onError: (err: unknown) => void) {
  let running: Promise<number> | null = null;
  let again = false;
  let stopped = false;

  function run(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      try {
        do {
          again = false;
          let n: number;
          while ((n = await pass()) > 0 && !stopped) total += n;
        } while (again && !stopped);
      } catch (err) {
        onError(err);
      } finally {
        running = null;
      }
      return total;
    })();
    return running;
  }

  return {
    run,
    async stop(): Promise<void> {
      stopped = true;
      await running;
    },
  };
}
