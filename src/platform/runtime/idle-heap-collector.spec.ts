import { startIdleHeapCollector } from './idle-heap-collector';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `done` holds or `ms` passed (a loaded machine runs the collector's timer late). */
async function waitFor(done: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done() && Date.now() < deadline) await sleep(10);
}

describe('startIdleHeapCollector', () => {
  it('collects once when the heap grew and the loop is quiet, and not again until it grows again', async () => {
    // The heap as the collector reads it: the test's own figures, since the real heap moves
    // with every collection V8 makes on its own (a loaded machine makes them at other times).
    let heap = 100 * 1024 * 1024;
    const collect = jest.fn();
    const collector = startIdleHeapCollector(collect, { lookEveryMs: 20, quietLoop: 1, growthBytes: 4 * 1024 * 1024 }, () => heap);
    await sleep(100);
    expect(collect).not.toHaveBeenCalled();
    heap += 16 * 1024 * 1024;
    await waitFor(() => collect.mock.calls.length >= 1, 5_000);
    // Nothing grew since: looks go by without another collection.
    await sleep(100);
    expect(collect).toHaveBeenCalledTimes(1);
    heap += 5 * 1024 * 1024;
    await waitFor(() => collect.mock.calls.length >= 2, 5_000);
    collector.stop();
    expect(collect).toHaveBeenCalledTimes(2);
  });

  it('collects once the loop falls quiet after a busy spell, even without growth', async () => {
    const collect = jest.fn();
    const collector = startIdleHeapCollector(collect, { lookEveryMs: 40, quietLoop: 0.5, growthBytes: Number.MAX_SAFE_INTEGER });
    const until = Date.now() + 120;
    while (Date.now() < until) {
      // Busy: the loop turns (timers run) but mostly computes.
      const spin = Date.now() + 15;
      while (Date.now() < spin);
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(collect).not.toHaveBeenCalled();
    await waitFor(() => collect.mock.calls.length >= 1, 5_000);
    // Quiet from then on, and nothing grew: no second collection.
    await sleep(100);
    collector.stop();
    expect(collect).toHaveBeenCalledTimes(1);
  });

  it('leaves a busy loop alone, and does nothing without a collector', async () => {
    const collect = jest.fn();
    const collector = startIdleHeapCollector(collect, { lookEveryMs: 40, quietLoop: 0, growthBytes: 0 });
    const until = Date.now() + 150;
    // A loop kept busy between the looks.
    while (Date.now() < until) await new Promise((resolve) => setImmediate(resolve));
    collector.stop();
    expect(collect).not.toHaveBeenCalled();
    expect(() => startIdleHeapCollector(undefined).stop()).not.toThrow();
  });
});
