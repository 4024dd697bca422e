import { HeartbeatWheel } from './heartbeat-wheel';

describe('HeartbeatWheel', () => {
  let now: number;
  let handed: string[][];
  let wheel: HeartbeatWheel<string>;

  beforeEach(() => {
    now = 10_000;
    handed = [];
    wheel = new HeartbeatWheel(1000, (due) => handed.push(due), () => now);
  });

  afterEach(() => wheel.stop());

  it('never hands an item out before its heartbeat is due, and at most one slot after', () => {
    wheel.add('a');
    now += 999;
    wheel.tick();
    expect(handed).toEqual([]);
    now += 1;
    wheel.tick();
    expect(handed).toEqual([['a']]);
  });

  it('hands out items due together in one batch, each once', () => {
    wheel.add('a');
    now += 100;
    wheel.add('b');
    now += 200;
    wheel.add('c');
    now += 1300;
    wheel.tick();
    wheel.tick();
    expect(handed).toEqual([['a', 'b', 'c']]);
  });

  it('forgets a removed item', () => {
    const slot = wheel.add('a');
    wheel.add('b');
    wheel.remove('a', slot);
    now += 2000;
    wheel.tick();
    expect(handed).toEqual([['b']]);
  });

  it('keeps later items for their own slot', () => {
    wheel.add('early');
    now += 600;
    wheel.add('late');
    now += 500;
    wheel.tick();
    expect(handed).toEqual([['early']]);
    // Due at 11,600: its slot starts at 12,000.
    now += 500;
    wheel.tick();
    expect(handed).toEqual([['early']]);
    now += 400;
    wheel.tick();
    expect(handed).toEqual([['early'], ['late']]);
  });
});
