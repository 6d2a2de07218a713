/**
 * Resolves in a task of its own, so that the browser may paint and answer a tap in between: the
 * app's start-up goes step by step (src/main.tsx) rather than in one long task that a slow phone
 * would spend a few hundred milliseconds on. `scheduler.yield()` where the browser has it (its
 * continuation goes before other queued work); a message to a channel of our own elsewhere (no 4 ms
 * clamp, unlike a chain of timers).
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
