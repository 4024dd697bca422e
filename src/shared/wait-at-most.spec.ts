import { waitAtMost } from './wait-at-most';

describe('waitAtMost', () => {
  it('is true for work that settles in time', async () => {
    await expect(waitAtMost(Promise.resolve('done'), 1000)).resolves.toBe(true);
  });

  it('is false once the time ran out', async () => {
    await expect(waitAtMost(new Promise(() => {}), 10)).resolves.toBe(false);
  });

  it('passes a rejection in time on', async () => {
    await expect(waitAtMost(Promise.reject(new Error('broken')), 1000)).rejects.toThrow('broken');
  });
});
