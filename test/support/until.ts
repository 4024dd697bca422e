/** Waits `ms`: for a test that must let time pass (a window, a timer), not wait for a state (see `until`). */
export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Polls `probe` every `intervalMs` until it answers something other than undefined, and
 * fails the test with `what` after `timeoutMs`: for state another process reaches on its
 * own time (a delivery, a restart, a worker's log line).
 */
export async function until<T>(
  probe: () => Promise<T | undefined> | T | undefined,
  what: string,
  timeoutMs = 30_000,
  intervalMs = 50,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(intervalMs);
  }
}
