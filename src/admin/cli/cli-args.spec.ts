import { cliCommandLine } from './cli-args';

describe('cliCommandLine', () => {
  const saved = process.env.npm_lifecycle_event;
  afterEach(() => {
    if (saved === undefined) delete process.env.npm_lifecycle_event;
    else process.env.npm_lifecycle_event = saved;
  });

  it('names npm under `npm start`, and the built CLI otherwise (the container)', () => {
    process.env.npm_lifecycle_event = 'start';
    expect(cliCommandLine('status')).toBe('npm run --silent manage -- status');
    delete process.env.npm_lifecycle_event;
    expect(cliCommandLine('status')).toBe('node dist/cli.js status');
    process.env.npm_lifecycle_event = 'test';
    expect(cliCommandLine('status')).toBe('node dist/cli.js status');
  });
});
