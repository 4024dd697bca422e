import { EventLoopUtilization, performance } from 'node:perf_hooks';

export interface IdleCollection {
  /** How often the process looks whether it is quiet. */
  lookEveryMs: number;
  /** Quiet: the event loop was busy at most this share of the last look's interval. */
  quietLoop: number;
  /** Growth of the heap since the last collection that is worth one even without a busy spell. */
  growthBytes: number;
}

const SERVER_COLLECTION: IdleCollection = { lookEveryMs: 5_000, quietLoop: 0.05, growthBytes: 32 * 1024 * 1024 };

type Collect = () => void;

/**
 * One full garbage collection when the server falls quiet after a busy spell (a reconnect
 * storm, a heartbeat round of 10,000 parked polls, a heavy hour), so that the spell's
 * garbage goes back to the system instead of sitting in the heap until the next one. V8's
 * memory reducer would do this, but it collects again and again after every spell (4-5% of
 * a core with 10,000 parked polls), so the server runs without it (`--no-memory-reducer`)
 * and with `--expose-gc`, and collects here: once per spell, only once the event loop has
 * been quiet for a look. Under steady load it never runs (V8's own collections do). Without
 * `--expose-gc` (a start command of one's own) it does nothing.
 */
export function startIdleHeapCollector(
  collect: Collect | undefined = exposedGc(),
  { lookEveryMs, quietLoop, growthBytes }: IdleCollection = SERVER_COLLECTION,
  heapUsed: () => number = () => process.memoryUsage().heapUsed,
): { stop(): void } {
  if (!collect) return { stop: () => undefined };
  let loopUse: EventLoopUtilization = performance.eventLoopUtilization();
  let heapAfterLast = heapUsed();
  let busySinceLast = false;
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization();
    const busy = performance.eventLoopUtilization(now, loopUse).utilization;
    loopUse = now;
    if (busy > quietLoop) {
      busySinceLast = true;
      return;
    }
    if (!busySinceLast && heapUsed() - heapAfterLast < growthBytes) return;
    collect();
    busySinceLast = false;
    heapAfterLast = heapUsed();
  }, lookEveryMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

function exposedGc(): Collect | undefined {
  const gc = (globalThis as { gc?: unknown }).gc;
  return typeof gc === 'function' ? () => (gc as () => void)() : undefined;
}
