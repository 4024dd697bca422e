import { performance } from 'node:perf_hooks';
import { findLinks } from '../src/linkifiers/public/apply-linkifiers';

/**
 * `npm run bench -- linkifiers`: how long the realm's linkifiers take on texts built to
 * make a backtracking engine explode (`(a+)+$` against a run of `a` ending in `b`), next
 * to an ordinary ticket linkifier on ordinary text. RE2 keeps both linear in the input.
 */
export async function main(argv: string[]): Promise<void> {
  const sizes = argv.length > 0 ? argv.map(Number) : [60, 10_000, 100_000, 1_000_000];
  const rules = {
    pathological: [{ pattern: '(a+)+$', urlTemplate: 'https://example.com/redos' }],
    ticket: [{ pattern: '#(?P<id>[0-9]+)', urlTemplate: 'https://trac.example.com/ticket/{id}' }],
  };
  findLinks('warm up #1 aaa', [...rules.pathological, ...rules.ticket]);
  for (const size of sizes) {
    const evil = `${'a'.repeat(Math.max(0, size - 1))}b`;
    const ordinary = 'see #123 and #456 for details '.repeat(Math.ceil(size / 30)).slice(0, size);
    for (const [name, text, set] of [
      ['(a+)+$ on a…ab', evil, rules.pathological],
      ['#(?P<id>…) on prose', ordinary, rules.ticket],
    ] as const) {
      const start = performance.now();
      const links = findLinks(text, set);
      const ms = performance.now() - start;
      process.stdout.write(`${name.padEnd(22)} ${String(size).padStart(9)} chars  ${ms.toFixed(2).padStart(9)} ms  ${links.length} links\n`);
    }
  }
  await Promise.resolve();
}
