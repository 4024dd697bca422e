import * as fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { BrowserContext, Page } from 'playwright-core';
import { Api } from '../test/support/api';
import { sleep } from './harness';

/**
 * What the web benchmark measures in the browser. Page-side code goes to `evaluate` as
 * strings: the bench's types know no DOM.
 */

/**
 * Polls an expression in the page until it is truthy, and answers its value. Playwright's
 * waitForFunction evaluates a text predicate with eval inside the page, which the app's CSP
 * refuses; an evaluate from outside is allowed. Polled every few ms: the timings this serves
 * are tens of ms or more.
 */
async function untilTrue(page: Page, expression: string, timeoutMs = 30_000): Promise<unknown> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value: unknown = await page.evaluate(expression);
    if (value) return value;
    if (performance.now() > deadline) throw new Error(`timed out waiting in the page for ${expression.slice(0, 200)}`);
    await sleep(4);
  }
}

/**
 * Runs `measure` with the page's CPU profile recorded into `file` when one is named (open it
 * in Chromium's DevTools; build with `WEB_MINIFY=false` for the app's own names).
 */
export async function profiled<T>(page: Page, file: string | null, measure: () => Promise<T>): Promise<T> {
  if (file === null) return measure();
  const profiler = await page.context().newCDPSession(page);
  await profiler.send('Profiler.enable');
  await profiler.send('Profiler.start');
  try {
    return await measure();
  } finally {
    const { profile } = await profiler.send('Profiler.stop');
    fs.writeFileSync(file, JSON.stringify(profile));
    await profiler.detach();
  }
}

/** The feed shows messages and the compose button can be pressed: the app is usable. */
async function feedInteractive(page: Page, timeoutMs: number): Promise<void> {
  await page.locator('article.message').first().waitFor({ state: 'visible', timeout: timeoutMs });
  await page.locator('.compose-open, form.compose').first().waitFor({ state: 'visible', timeout: timeoutMs });
}

/**
 * A cold load of `/#feed`: the browser's cache emptied first (the session cookie kept),
 * timed from the navigation to the feed rendered and interactive.
 */
export async function coldLoad(context: BrowserContext, origin: string): Promise<number> {
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
    const started = performance.now();
    await page.goto(`${origin}/#feed`);
    await feedInteractive(page, 30_000);
    return performance.now() - started;
  } finally {
    await page.close();
  }
}

/**
 * A narrow switch with its server fetch: a channel the page has not opened yet is picked
 * in the left sidebar; timed from the click to its messages rendered after the server's
 * answer to `GET /json/messages` arrived.
 */
export async function narrowSwitch(page: Page, channelName: string): Promise<number> {
  const link = page.locator('nav .channel-row', { has: page.locator('.sidebar-label', { hasText: new RegExp(`^${channelName}$`) }) }).first();
  const href = await link.getAttribute('href', { timeout: 30_000 });
  if (href === null) throw new Error(`no sidebar link for ${channelName}`);
  const answered = page.waitForResponse((response) => new URL(response.url()).pathname === '/json/messages' && response.request().method() === 'GET');
  const started = performance.now();
  // What following the link does, without the automation's own checks before a click.
  await page.evaluate(`window.location.hash = ${JSON.stringify(href)}`);
  await answered;
  await untilTrue(
    page,
    `(() => {
      const bars = [...document.querySelectorAll('.feed-scroll .recipient-bar .recipient-channel')];
      return bars.length > 0 && bars.every((bar) => bar.textContent.trim() === '#${channelName}') && document.querySelector('.feed-scroll article.message') !== null;
    })()`,
  );
  return performance.now() - started;
}

/** Starts noting when text containing a token first shows on the page (wall-clock ms). */
export async function watchForTokens(page: Page): Promise<void> {
  await page.evaluate(`(() => {
    window.__benchSeen = {};
    window.__benchWanted = new Set();
    const look = () => {
      for (const token of window.__benchWanted) {
        if (document.body.textContent.includes(token)) {
          window.__benchSeen[token] = performance.timeOrigin + performance.now();
          window.__benchWanted.delete(token);
        }
      }
    };
    new MutationObserver(look).observe(document.body, { childList: true, subtree: true, characterData: true });
  })()`);
}

/**
 * Another person's message: `sender` (another person's client) posts through the API into the topic the page shows;
 * the time from the POST's answer to the text on the page.
 */
export async function deliveryAfterPost(page: Page, sender: Api, channelName: string, topic: string, token: string): Promise<number> {
  await page.evaluate(`window.__benchWanted.add(${JSON.stringify(token)})`);
  const response = await sender.post('messages', { type: 'stream', to: channelName, topic, content: `delivery check ${token}` });
  const answered = performance.timeOrigin + performance.now();
  if (response.status !== 200) throw new Error(`POST /messages failed: ${JSON.stringify(response.body)}`);
  const seen = await untilTrue(page, `window.__benchSeen[${JSON.stringify(token)}] ?? false`);
  return (seen as number) - answered;
}

export interface ScrollBack {
  messagesSeen: number;
  maxMessageNodes: number;
  longTasks: number;
  longestTaskMs: number;
  seconds: number;
}

/**
 * Scrolls the open feed back from its newest message as a person does with a wheel,
 * until `messages` distinct messages have been on screen (or the oldest is reached):
 * the most message nodes the DOM held at once, and the main thread's long tasks.
 */
export async function scrollBack(page: Page, messages: number, maxSeconds: number): Promise<ScrollBack> {
  await page.evaluate(`(() => {
    window.__benchLongTasks = [];
    new PerformanceObserver((list) => { for (const entry of list.getEntries()) window.__benchLongTasks.push(entry.duration); })
      .observe({ type: 'longtask' });
    window.__benchIds = new Set();
    window.__benchMaxNodes = 0;
  })()`);
  const box = await page.locator('.feed-scroll').first().boundingBox();
  if (box === null) throw new Error('no feed to scroll');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const started = performance.now();
  let seen = 0;
  let stuck = 0;
  while (seen < messages && performance.now() - started < maxSeconds * 1000) {
    await page.mouse.wheel(0, -1200);
    await sleep(60);
    const state = (await page.evaluate(`(() => {
      const nodes = document.querySelectorAll('article.message');
      for (const node of nodes) window.__benchIds.add(node.getAttribute('data-message-id'));
      window.__benchMaxNodes = Math.max(window.__benchMaxNodes, nodes.length);
      const scroller = document.querySelector('.feed-scroll');
      return { seen: window.__benchIds.size, top: scroller.scrollTop, oldest: document.querySelector('.feed-edge') === null };
    })()`)) as { seen: number; top: number; oldest: boolean };
    stuck = state.seen === seen ? stuck + 1 : 0;
    seen = state.seen;
    if (state.oldest && state.top === 0) break;
    // A fetch of older messages is slower than a wheel turn: wait for it rather than spin.
    if (stuck > 0) await sleep(200);
    if (stuck > 100) break;
  }
  const result = (await page.evaluate(`({ maxNodes: window.__benchMaxNodes, tasks: window.__benchLongTasks })`)) as { maxNodes: number; tasks: number[] };
  return {
    messagesSeen: seen,
    maxMessageNodes: result.maxNodes,
    longTasks: result.tasks.filter((ms) => ms > 100).length,
    longestTaskMs: Math.max(0, ...result.tasks),
    seconds: (performance.now() - started) / 1000,
  };
}
