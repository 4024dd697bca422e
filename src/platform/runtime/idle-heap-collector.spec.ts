import { startIdleHeapCollector } from './idle-heap-collector';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('startIdleHeapCollector', () => {
  it('collects once when the heap grew and the loop is quiet, and not again until it grows again', async () => {
    const collect = jest.fn();
    const collector = startIdleHeapCollector(collect, { lookEveryMs: 40, quietLoop: 1, growthBytes: 4 * 1024 * 1024 });
    // Two arrays of a million doubles: some 16 MB of heap.
    const retained = Array.from({ length: 2 }, (_, index) => new Array<number>(1 << 20).fill(index + 0.5));
    await sleep(150);
    collector.stop();
    expect(collect).toHaveBeenCalledTimes(1);
    expect(retained).toHaveLength(2);
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
    await sleep(150);
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
