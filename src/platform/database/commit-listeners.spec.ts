import { Logger } from '@nestjs/common';
import { CommitListeners } from './commit-listeners';

class Happened {}

describe('CommitListeners', () => {
  it('asks for no wait when no listener returns a promise', () => {
    const listeners = new CommitListeners();
    const heard: unknown[] = [];
    listeners.add((events) => void heard.push(...events));
    const event = new Happened();
    expect(listeners.notify([event])).toBeUndefined();
    expect(heard).toEqual([event]);
  });

  it('logs a listener that fails, and tells the others all the same', async () => {
    const listeners = new CommitListeners();
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    try {
      let told = false;
      listeners.add(() => Promise.reject(new Error('Redis went away')));
      listeners.add(() => {
        throw new Error('thrown at once');
      });
      listeners.add(() => void (told = true));
      await expect(listeners.notify([new Happened()])).resolves.toBeUndefined();
      expect(told).toBe(true);
      expect(logged.mock.calls.map((call) => call[0])).toEqual([
        'commit listener failed: thrown at once',
        'commit listener failed: Redis went away',
      ]);
    } finally {
      logged.mockRestore();
    }
  });
});
