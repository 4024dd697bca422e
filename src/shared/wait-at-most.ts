/**
 * Waits for `work` to settle, but no longer than `ms`: true if it settled in time (a
 * rejection is passed on), false once the time ran out (the work goes on, unawaited). The
 * timer does not keep the process alive.
 */
export async function waitAtMost(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
    timer.unref();
  });
  try {
    return await Promise.race([work.then(() => true as const), timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
