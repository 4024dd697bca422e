import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { ServerProcess } from '../test/support/server-process';
import { TestBrowser } from '../test/support/browser';
import { log, parseBenchOptions, percentile, runBench } from './harness';
import { buildLargeRealm } from './large-realm';
import { coldLoad, deliveryAfterPost, narrowSwitch, profiled, scrollBack, watchForTokens } from './web-measures';

/**
 * `npm run bench -- web`: the web app in headless Chromium against an established realm
 * (1,000 users, 200 channels, 100,000 messages; the person in 50 channels), measured as
 * issue 34's table asks: cold load, narrow switch, another person's message shown, scrolling
 * back through 5,000 messages, and the initial script's weight. Needs `npm run build`
 * (the web app's bundle is part of the full build).
 */
export interface WebOptions {
  users: number;
  channels: number;
  messages: number;
  subscriptionsPerUser: number;
  benchSubscriptions: number;
  loads: number;
  switches: number;
  deliveries: number;
  scrollMessages: number;
  maxSeconds: number;
  json: boolean;
  /** Where to write the page's CPU profiles of the narrow switches and the scroll (`<file>-switch`, `<file>-scroll`; none when empty). */
  cpuProfile: string;
}

const DEFAULTS: WebOptions = {
  users: 1000,
  channels: 200,
  messages: 100_000,
  subscriptionsPerUser: 20,
  benchSubscriptions: 50,
  loads: 10,
  switches: 20,
  deliveries: 20,
  scrollMessages: 5000,
  maxSeconds: 2400,
  json: false,
  cpuProfile: '',
};

const NUMERIC_FLAGS: Record<string, keyof WebOptions> = {
  '--users': 'users',
  '--channels': 'channels',
  '--messages': 'messages',
  '--subscriptions-per-user': 'subscriptionsPerUser',
  '--bench-subscriptions': 'benchSubscriptions',
  '--loads': 'loads',
  '--switches': 'switches',
  '--deliveries': 'deliveries',
  '--scroll-messages': 'scrollMessages',
  '--max-seconds': 'maxSeconds',
};

const USAGE = `usage: npm run build && npm run bench -- web [--users ${DEFAULTS.users}] [--channels ${DEFAULTS.channels}] [--messages ${DEFAULTS.messages}]
  [--subscriptions-per-user ${DEFAULTS.subscriptionsPerUser}] [--bench-subscriptions ${DEFAULTS.benchSubscriptions}]
  [--loads ${DEFAULTS.loads}] [--switches ${DEFAULTS.switches}] [--deliveries ${DEFAULTS.deliveries}]
  [--scroll-messages ${DEFAULTS.scrollMessages}] [--max-seconds ${DEFAULTS.maxSeconds}] [--cpu-profile FILE] [--json]
Storage: embedded by default; PostgreSQL and Redis when DATABASE_URL / REDIS_URL are set.
Headless Chromium at CHROMIUM_PATH (default /usr/bin/chromium).`;

/** The project: this file runs compiled in dist-bench/bench/. */
const PROJECT = path.resolve(__dirname, '..', '..');

const TARGETS = { coldLoadMs: 1500, narrowSwitchMs: 150, deliveryMs: 100, messageNodes: 300, longTaskMs: 100, initialKiB: 200 };

export function parseWebOptions(argv: readonly string[]): WebOptions {
  const options = parseBenchOptions(argv, DEFAULTS, NUMERIC_FLAGS, USAGE, { min: 1, integers: true, textFlags: { '--cpu-profile': 'cpuProfile' } });
  if (options.users < 3) throw new Error(`--users must be at least 3\n${USAGE}`);
  options.subscriptionsPerUser = Math.min(options.subscriptionsPerUser, options.channels);
  options.benchSubscriptions = Math.min(options.benchSubscriptions, options.channels);
  options.switches = Math.min(options.switches, options.benchSubscriptions - 1);
  return options;
}

export function main(argv: string[]): Promise<void> {
  if (!fs.existsSync(path.join(PROJECT, 'dist', 'web', 'index.html'))) throw new Error('the web app is not built: run `npm run build` first');
  return runBench('web', () => parseWebOptions(argv), {}, runAgainst);
}

async function runAgainst(server: ServerProcess, options: WebOptions, storage: string): Promise<void> {
  const { realm, benchUser, channelNames } = await buildLargeRealm(server, 'web', options);
  const origin = `http://${realm.api.host}`;
  const browser = await TestBrowser.launch();
  try {
    const login = await browser.open(`${origin}/login/`);
    await login.getByLabel('Email').fill(benchUser.email);
    await login.getByLabel('Password').fill('user-password');
    await login.getByRole('button', { name: 'Log in' }).click();
    await login.locator('article.message').first().waitFor({ timeout: 60_000 });
    await login.close();
    const context = browser.browser.contexts()[0];

    const loads: number[] = [];
    for (let i = 0; i < options.loads; i++) loads.push(await coldLoad(context, origin));
    log(`cold loads (ms): ${loads.map(Math.round).join(' ')}`);

    // Narrow switches: each channel once (its first visit fetches from the server).
    const page = await context.newPage();
    await page.goto(`${origin}/#feed`);
    await page.locator('article.message').first().waitFor({ timeout: 30_000 });
    const profile = (phase: string) => (options.cpuProfile === '' ? null : options.cpuProfile.replace(/(\.cpuprofile)?$/, `-${phase}.cpuprofile`));
    const switches: number[] = [];
    await profiled(page, profile('switch'), async () => {
      for (const name of channelNames.slice(1, 1 + options.switches)) switches.push(await narrowSwitch(page, name));
    });
    log(`narrow switches (ms): ${switches.map(Math.round).join(' ')}`);

    // Another person's messages, into a topic the page shows (an empty one, so the new
    // message is on screen whatever the reading position).
    const channel = await benchUser.api.get('get_stream_id', { stream: channelNames[0] });
    await page.goto(`${origin}/#narrow/channel/${channel.body.stream_id as number}-${channelNames[0]}/topic/benchdelivery`);
    await page.locator('.feed-scroll').first().waitFor({ timeout: 30_000 });
    await watchForTokens(page);
    const deliveries: number[] = [];
    for (let i = 0; i < options.deliveries; i++) {
      deliveries.push(await deliveryAfterPost(page, realm.ownerApi, channelNames[0], 'benchdelivery', `tok${i}x${Date.now()}`));
    }
    log(`deliveries after POST (ms): ${deliveries.map(Math.round).join(' ')}`);
    await page.close();

    // Scrolling back from the newest message of the combined feed (everything read, so
    // the feed opens at its end).
    await benchUser.api.post('mark_all_as_read', {});
    const feed = await context.newPage();
    await feed.goto(`${origin}/#feed`);
    await feed.locator('article.message').first().waitFor({ timeout: 30_000 });
    const scroll = await profiled(feed, profile('scroll'), () => scrollBack(feed, options.scrollMessages, Math.max(60, options.maxSeconds / 4)));
    await feed.close();

    // The build's own figure (scripts/build.js): the page's initial scripts and styles, gzipped.
    const build = createRequire(__filename)(path.join(PROJECT, 'scripts', 'build.js')) as { initialWeight(): { bytes: number } };
    const initialKiB = build.initialWeight().bytes / 1024;
    report({ options, storage, loads, switches, deliveries, scroll, initialKiB });
  } finally {
    await browser.close();
  }
}

interface Figures {
  options: WebOptions;
  storage: string;
  loads: number[];
  switches: number[];
  deliveries: number[];
  scroll: Awaited<ReturnType<typeof scrollBack>>;
  initialKiB: number;
}

function report({ options, storage, loads, switches, deliveries, scroll, initialKiB }: Figures): void {
  const rows: [string, string, string, boolean][] = [
    ['Cold load of / to the feed rendered and interactive', `p50 <= ${TARGETS.coldLoadMs} ms`, `p50 ${ms(percentile(loads, 50))}, p90 ${ms(percentile(loads, 90))} (${loads.length} loads)`, percentile(loads, 50) <= TARGETS.coldLoadMs],
    ['Narrow switch, server fetch included', `p50 <= ${TARGETS.narrowSwitchMs} ms`, `p50 ${ms(percentile(switches, 50))}, p90 ${ms(percentile(switches, 90))} (${switches.length} channels)`, percentile(switches, 50) <= TARGETS.narrowSwitchMs],
    ["Another person's message shown after its POST returns", `p50 <= ${TARGETS.deliveryMs} ms`, `p50 ${ms(percentile(deliveries, 50))}, p90 ${ms(percentile(deliveries, 90))} (${deliveries.length} messages)`, percentile(deliveries, 50) <= TARGETS.deliveryMs],
    [`Scrolling back through ${options.scrollMessages} messages`, `<= ${TARGETS.messageNodes} message nodes, no long task > ${TARGETS.longTaskMs} ms`,
      `${scroll.messagesSeen} messages seen in ${scroll.seconds.toFixed(0)} s; at most ${scroll.maxMessageNodes} nodes; ${scroll.longTasks} long tasks > ${TARGETS.longTaskMs} ms (longest ${ms(scroll.longestTaskMs)})`,
      scroll.maxMessageNodes <= TARGETS.messageNodes && scroll.longTasks === 0 && scroll.messagesSeen >= options.scrollMessages],
    ['Initial JavaScript and CSS', `<= ${TARGETS.initialKiB} KiB gzipped`, `${initialKiB.toFixed(1)} KiB`, initialKiB <= TARGETS.initialKiB],
  ];
  if (options.json) {
    process.stdout.write(`${JSON.stringify({ storage, loads, switches, deliveries, scroll, initialKiB, met: rows.map((row) => row[3]) })}\n`);
    return;
  }
  process.stdout.write(
    [
      '',
      `Web app, ${options.users} users, ${options.channels} channels, ${options.messages.toLocaleString('en-US')} messages, ${storage}; ` +
        `the person in ${options.benchSubscriptions} channels; headless Chromium`,
      '| Measure | Target | Measured | Met |',
      '|---|---|---|---|',
      ...rows.map(([measure, target, measured, met]) => `| ${measure} | ${target} | ${measured} | ${met ? 'yes' : 'no'} |`),
      '',
    ].join('\n'),
  );
}

const ms = (value: number) => `${Math.round(value)} ms`;
