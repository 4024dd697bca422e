import { eventPasses, fnmatch } from './event-filter';

describe('fnmatch (Python\'s fnmatchcase)', () => {
  it.each<[string, string, boolean]>([
    ['push', 'push', true],
    ['push', 'pus', false],
    ['pull_request_opened', 'pull_request*', true],
    ['pull_request', 'pull_request*', true],
    ['issue_comment', '*comment', true],
    ['issues', 'issue?', true],
    ['issue', 'issue?', false],
    ['Push', 'push', false],
    ['star_created', '[sp]*', true],
    ['push', '[!p]*', false],
    ['a.b', 'a.b', true],
    ['axb', 'a.b', false],
    ['a+b', 'a+b', true],
    ['line\nbreak', 'line*', true],
    ['[x', '[x', true],
    ['c', '[a-c]', true],
    ['d', '[a-c]', false],
    ['b', '[c-a]', false],
    ['-', '[a-]', true],
    [']', '[]]', true],
    ['x', '[!]', false],
    ['(', '(', true],
    ['\\', '\\', true],
    ['ünï', '*n?', true],
  ])('%j matched by %j: %s', (name, pattern, matches) => {
    expect(fnmatch(name, pattern)).toBe(matches);
  });
});

describe('the only_events and exclude_events filters', () => {
  it('pass an event matched by only_events and not by exclude_events', () => {
    const filters = { onlyEvents: ['push', 'pull_request*'], excludeEvents: ['pull_request_closed'] };
    expect(eventPasses('push', filters)).toBe(true);
    expect(eventPasses('pull_request_opened', filters)).toBe(true);
    expect(eventPasses('pull_request_closed', filters)).toBe(false);
    expect(eventPasses('issues', filters)).toBe(false);
  });

  it('pass everything when absent, nothing when only_events is empty, and never filter an outcome without a type', () => {
    expect(eventPasses('anything', { onlyEvents: null, excludeEvents: null })).toBe(true);
    expect(eventPasses('anything', { onlyEvents: [], excludeEvents: null })).toBe(false);
    expect(eventPasses('anything', { onlyEvents: null, excludeEvents: ['*'] })).toBe(false);
    expect(eventPasses(null, { onlyEvents: [], excludeEvents: ['*'] })).toBe(true);
  });
});
