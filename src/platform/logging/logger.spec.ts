import { JsonLogger } from './logger';
import { prettyLine } from './pretty-format';

function capture(level: 'info' | 'debug' = 'info'): { logger: JsonLogger; lines: () => Record<string, unknown>[] } {
  const written: string[] = [];
  const logger = new JsonLogger(level, 'json', { write: (line: string) => void written.push(line) });
  return { logger, lines: () => written.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

describe('JsonLogger', () => {
  it('writes one JSON object per record with an ISO time, a level name and the message', () => {
    const { logger, lines } = capture();
    logger.log('hello', 'Ctx');
    logger.debug('hidden');
    expect(lines()).toEqual([{ level: 'info', time: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/), context: 'Ctx', msg: 'hello' }]);
  });

  it('never writes credentials, at the top level or nested', () => {
    const { logger, lines } = capture();
    logger.write('info', 'fields', {
      password: 'p4ss',
      api_key: 'k3y',
      authorization: 'Basic abc',
      args: { 'owner-password': 'x', email: 'a@b.c', headers: { authorization: 'Basic def' } },
    });
    const [line] = lines();
    expect(line).toEqual({
      level: 'info',
      time: expect.any(String),
      msg: 'fields',
      password: '[redacted]',
      api_key: '[redacted]',
      authorization: '[redacted]',
      args: { 'owner-password': '[redacted]', email: 'a@b.c', headers: { authorization: '[redacted]' } },
    });
  });

  it("logs Nest's module and route wiring at debug, everything else it is given at info", () => {
    const { logger, lines } = capture();
    for (const context of ['NestFactory', 'InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestApplication']) {
      logger.log(`${context} chatter`, context);
    }
    logger.log('created the root realm', 'RootRealmBootstrap');
    logger.warn('a wiring warning stays a warning', 'InstanceLoader');
    expect(lines().map((line) => [line.level, line.context])).toEqual([
      ['info', 'RootRealmBootstrap'],
      ['warn', 'InstanceLoader'],
    ]);
    const verbose = capture('debug');
    verbose.logger.log('Mapped {/api/v1/messages, POST} route', 'RouterExplorer');
    expect(verbose.lines()).toEqual([expect.objectContaining({ level: 'debug', context: 'RouterExplorer' })]);
  });

  it('error records keep a stack trace passed as the second argument', () => {
    const { logger, lines } = capture();
    logger.error('boom', 'Error: boom\n    at x', 'Ctx');
    expect(lines()).toEqual([{ level: 'error', time: expect.any(String), msg: 'boom', stack: 'Error: boom\n    at x', context: 'Ctx' }]);
  });
});

describe('prettyLine', () => {
  it('turns a record into a line for people', () => {
    const json = JSON.stringify({ level: 'info', time: '2026-01-02T03:04:05.678Z', msg: 'request', status: 200, route: '/x' });
    expect(prettyLine(json)).toBe('03:04:05.678 INFO  request status=200 route=/x\n');
  });
});
