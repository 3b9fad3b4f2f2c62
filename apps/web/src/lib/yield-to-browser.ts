/**
 * Resolves in a later task, after what the browser had waiting (a press, a frame): `scheduler.yield()`
 * where there is one, else a message to ourselves (which no test's fake clock holds, unlike a timer).
 * For work split into tasks of its own, each short (the first script's, the account's start).
 */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(0);
  });
}
