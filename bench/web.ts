import * as fs from 'node:fs';
import * as path from 'node:path';
import { gzipSync } from 'node:zlib';
import { Page } from 'playwright-core';
import { createTestRealm, sendMessage, subscribeTo, TestUser } from '../test/support/api';
import { TestBrowser } from '../test/support/browser';
import { ServerProcess } from '../test/support/server-process';
import { log, mapLimit, parseBenchOptions, percentile, runBench } from './harness';

/**
 * `npm run bench -- web [--small]`: the web app in Debian's chromium against a server of its
 * own, built by `npm run build` (the app is served from `dist/web`): a cold load of `/` until
 * the feed shows messages, switching to narrows not loaded yet, another person's message
 * shown after their POST returns, the message nodes in the DOM while scrolling back through
 * the whole history of a channel, long tasks (over 100 ms) in the page, and the initial JS
 * gzipped. `--small` makes a smaller realm and fewer rounds, for a quick run.
 */
export interface WebOptions {
  messages: number;
  loads: number;
  switches: number;
  sends: number;
  maxSeconds: number;
  json: boolean;
}

const DEFAULTS: WebOptions = { messages: 5000, loads: 10, switches: 20, sends: 20, maxSeconds: 1800, json: false };
const SMALL: WebOptions = { messages: 500, loads: 3, switches: 6, sends: 5, maxSeconds: 600, json: false };

const NUMERIC_FLAGS: Record<string, keyof WebOptions> = {
  '--messages': 'messages',
  '--loads': 'loads',
  '--switches': 'switches',
  '--sends': 'sends',
  '--max-seconds': 'maxSeconds',
};

const USAGE = `usage: npm run bench -- web [--small] [--messages ${DEFAULTS.messages}] [--loads ${DEFAULTS.loads}] [--switches ${DEFAULTS.switches}]
  [--sends ${DEFAULTS.sends}] [--max-seconds ${DEFAULTS.maxSeconds}] [--json]
Needs npm run build first (the app is served from dist/web) and chromium (CHROMIUM_PATH).`;

/** Messages per topic in the history channel: short runs, so the list has many blocks to virtualize. */
const RUN = 5;
/** The bound on message nodes in the DOM at any time. */
const MAX_DOM_NODES = 300;

export function parseWebOptions(argv: readonly string[]): WebOptions {
  const small = argv.includes('--small');
  return parseBenchOptions(
    argv.filter((flag) => flag !== '--small'),
    small ? SMALL : DEFAULTS,
    NUMERIC_FLAGS,
    USAGE,
    { min: 1, integers: true },
  );
}

export function main(argv: string[]): Promise<void> {
  return runBench('web', () => parseWebOptions(argv), {}, runAgainst);
}

/** Records long tasks from the page's start (an init script runs over the DevTools protocol, outside the CSP). */
const LONG_TASK_OBSERVER = `window.__longTasks = [];
new PerformanceObserver((list) => { for (const entry of list.getEntries()) window.__longTasks.push(entry.duration); }).observe({ type: 'longtask', buffered: true });
new MutationObserver((records) => {
  for (const record of records) for (const node of record.addedNodes) {
    if (node.nodeType !== 1) continue;
    const found = node.matches('article.message') ? [node] : [...node.querySelectorAll('article.message')];
    for (const article of found) { window.__shown = window.__shown || {}; window.__shown[article.textContent] ??= Date.now(); }
  }
}).observe(document, { childList: true, subtree: true });`;

/** Evaluated in the page: waits (by animation frame) until `condition` holds, and answers the ms it took from `start`. */
const frames = (condition: string, start = 'performance.now()') => `(async () => { const t0 = ${start};
  while (!(${condition})) await new Promise((resolve) => requestAnimationFrame(resolve));
  return performance.now() - t0; })()`;

async function logIn(page: Page, host: string, user: TestUser): Promise<void> {
  await page.goto(`http://${host}/login/`);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill('user-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('navigation', { name: 'Views and channels' }).waitFor();
}

function initialScriptGzipKiB(): number {
  const dir = path.join(process.env.CHAT_DIST ?? path.resolve('dist'), 'web');
  const html = fs.readFileSync(path.join(dir, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/<script[^>]+src="\/static\/webapp\/([^"]+)"/g)].map((match) => match[1] ?? '');
  const bytes = scripts.reduce((sum, file) => sum + gzipSync(fs.readFileSync(path.join(dir, file))).length, 0);
  return Math.round((bytes / 1024) * 10) / 10;
}

async function runAgainst(server: ServerProcess, options: WebOptions, storage: string): Promise<void> {
  const setupStart = Date.now();
  const realm = await createTestRealm('webbench', { port: server.port, dataDir: server.dataDir, env: server.env });
  const ann = await realm.createUser('Ann Bench');
  const bob = await realm.createUser('Bob Bench');
  await subscribeTo(realm.ownerApi, 'history', {}, [ann.userId, bob.userId]);
  await subscribeTo(realm.ownerApi, 'live', {}, [ann.userId, bob.userId]);
  const topics = Math.ceil(options.messages / RUN);
  // Runs of RUN per topic, four sends at a time (so a run's neighbours may interleave at its edges).
  await mapLimit(options.messages, 4, (index) =>
    sendMessage(bob.api, { type: 'stream', to: 'history', topic: `topic ${Math.floor(index / RUN)}`, content: `history message ${index}` }),
  );
  await ann.api.post('mark_all_as_read');
  const channels = (await ann.api.get('users/me/subscriptions')).body.subscriptions as { name: string; stream_id: number }[];
  const historyId = channels.find((channel) => channel.name === 'history')?.stream_id ?? 0;
  const liveId = channels.find((channel) => channel.name === 'live')?.stream_id ?? 0;
  log(`set-up: ${options.messages} messages in ${topics} topics (${((Date.now() - setupStart) / 1000).toFixed(1)} s)`);

  const browser = await TestBrowser.launch();
  try {
    const page = await browser.open('about:blank');
    await page.addInitScript(LONG_TASK_OBSERVER);
    await logIn(page, realm.api.host, ann);
    const cdp = await page.context().newCDPSession(page);

    // Cold load: no cache, from navigation start to the feed showing messages.
    const loads: number[] = [];
    for (let round = 0; round < options.loads; round += 1) {
      await cdp.send('Network.clearBrowserCache');
      await page.goto(`http://${realm.api.host}/#feed`, { waitUntil: 'commit' });
      loads.push((await page.evaluate(frames("document.querySelector('.feed-scroll article.message') !== null", '0'))) as number);
    }

    const longTaskCount = async () => ((await page.evaluate('window.__longTasks.filter((duration) => duration > 100).length')) as number);
    const longAfterLoad = await longTaskCount();
    // Narrow switches to topics not loaded yet (the channel's newest, which the feed did not fetch all of).
    const switches: number[] = [];
    for (let round = 0; round < options.switches; round += 1) {
      const topic = `topic ${topics - 1 - ((round * 7) % topics)}`;
      const hash = `#narrow/channel/${historyId}-history/topic/${topic.replace(' ', '.20')}`;
      const title = `#history › ${topic}`;
      const arrived = `document.querySelector('h1')?.textContent === ${JSON.stringify(title)} && document.querySelector('.feed-scroll article.message') !== null`;
      switches.push((await page.evaluate(`(async () => { const t0 = performance.now(); window.location.hash = ${JSON.stringify(hash)};
        await ${frames(arrived)};
        return performance.now() - t0; })()`)) as number);
    }

    const longAfterSwitches = await longTaskCount();
    // Another person's message: from their POST's answer to the article in this page.
    await page.evaluate(`window.location.hash = '#narrow/channel/${liveId}-live'`);
    await page.getByRole('heading', { level: 1, name: '#live' }).waitFor();
    const delays: number[] = [];
    for (let round = 0; round < options.sends; round += 1) {
      const text = `live message ${round} ${Date.now()}`;
      await sendMessage(bob.api, { type: 'stream', to: 'live', topic: 'now', content: text });
      const returned = Date.now();
      await page.locator('article.message', { hasText: text }).waitFor();
      const shown = (await page.evaluate(`Object.entries(window.__shown ?? {}).find(([content]) => content.includes(${JSON.stringify(text)}))?.[1]`)) as number;
      delays.push(shown - returned);
    }

    const longBeforeScroll = await longTaskCount();
    // Scrolling back through the history channel: the most message nodes the DOM held.
    await page.evaluate(`window.location.hash = '#narrow/channel/${historyId}-history'`);
    await page.getByRole('heading', { level: 1, name: '#history' }).waitFor();
    await page.locator('.feed-scroll article.message').first().waitFor();
    const scroll = (await page.evaluate(`(async () => {
      const list = document.querySelector('.feed-scroll');
      const seen = new Set();
      let most = 0;
      for (let step = 0; step < 100000; step += 1) {
        for (const article of document.querySelectorAll('article.message')) seen.add(article.dataset.messageId);
        most = Math.max(most, document.querySelectorAll('article.message').length);
        if (list.scrollTop === 0 && document.querySelector('.feed-edge') === null) break;
        list.scrollTop = Math.max(0, list.scrollTop - list.clientHeight * 0.9);
        await new Promise((resolve) => setTimeout(resolve, 16));
      }
      return { most, seen: seen.size };
    })()`)) as { most: number; seen: number };
    const longTasks = (await page.evaluate('window.__longTasks')) as number[];

    const result = {
      storage,
      messages: options.messages,
      cold_load_feed_ms_p50: Math.round(percentile(loads, 50)),
      narrow_switch_ms_p50: Math.round(percentile(switches, 50)),
      message_shown_after_post_ms_p50: Math.round(percentile(delays, 50)),
      dom_message_nodes_max: scroll.most,
      messages_scrolled_through: scroll.seen,
      long_tasks_over_100ms: longTasks.filter((duration) => duration > 100).length,
      /** The last cold load's page only: its load, the switches, the live messages, the scroll back. */
      long_tasks_by_phase: {
        load: longAfterLoad,
        switches: longAfterSwitches - longAfterLoad,
        live: longBeforeScroll - longAfterSwitches,
        scroll: longTasks.filter((duration) => duration > 100).length - longBeforeScroll,
      },
      longest_task_ms: Math.round(Math.max(0, ...longTasks)),
      initial_js_gzip_kib: initialScriptGzipKiB(),
    };
    if (options.json) {
      process.stdout.write(`${JSON.stringify(result)}\n`);
      return;
    }
    process.stdout.write(
      [
        '',
        `web app, ${storage}, ${options.messages} messages in the scrolled channel`,
        '| measure | value | target |',
        '| --- | --- | --- |',
        `| cold load of / to the feed showing messages, p50 (${loads.length} loads) | ${result.cold_load_feed_ms_p50} ms | |`,
        `| narrow switch, p50 (${switches.length}) | ${result.narrow_switch_ms_p50} ms | |`,
        `| another person's message shown after its POST returns, p50 (${delays.length}) | ${result.message_shown_after_post_ms_p50} ms | |`,
        `| message nodes in the DOM scrolling back through ${result.messages_scrolled_through} messages | ${result.dom_message_nodes_max} | ≤ ${MAX_DOM_NODES} |`,
        `| long tasks over 100 ms (last load's page; longest ${result.longest_task_ms} ms) | ${result.long_tasks_over_100ms} | |`,
        `| … of which: load, switches, live messages, scrolling back | ${Object.values(result.long_tasks_by_phase).join(', ')} | |`,
        `| initial JS, gzipped | ${result.initial_js_gzip_kib} KiB | ≤ 200 KiB (with CSS) |`,
        '',
      ].join('\n'),
    );
  } finally {
    await browser.close();
  }
}
