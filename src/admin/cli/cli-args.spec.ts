import { loadConfig } from '../../platform/config/app-config';
import { cliCommandLine } from './cli-args';

describe('cliCommandLine', () => {
  it('names npm under `npm start`, and the built CLI otherwise (the container, a test)', () => {
    expect(cliCommandLine('status', loadConfig({ npm_lifecycle_event: 'start' }).server.startedByNpm)).toBe('npm run --silent manage -- status');
    expect(cliCommandLine('status', loadConfig({}).server.startedByNpm)).toBe('node dist/cli.js status');
    expect(cliCommandLine('status', loadConfig({ npm_lifecycle_event: 'test' }).server.startedByNpm)).toBe('node dist/cli.js status');
  });
});
