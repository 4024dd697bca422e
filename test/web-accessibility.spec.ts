import * as fs from 'node:fs';
import { Page } from 'playwright-core';
import { createTestRealm, sendMessage, subscribeTo, TestRealm, TestUser } from './support/api';
import { TestBrowser } from './support/browser';

/**
 * The web app's pages checked by axe-core (Deque's accessibility engine, pinned in
 * package.json): the log-in page, the combined feed, a topic, a direct-message conversation
 * and a search show no serious or critical violation, in the light theme and the dark one.
 * The page's CSP allows only its own scripts, so axe's source is evaluated through the
 * DevTools protocol (page.evaluate), which the CSP does not govern.
 */
const describeInBrowser = TestBrowser.available() ? describe : describe.skip;

const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** Runs axe on the page as it is: the serious and critical violations, with where they are. */
async function seriousViolations(page: Page): Promise<Violation[]> {
  if ((await page.evaluate('typeof window.axe')) !== 'object') await page.evaluate(AXE_SOURCE);
  // Colours are measured once fade-ins and theme transitions have ended.
  await page.evaluate('Promise.all(document.getAnimations().map((animation) => animation.finished)).then(() => true)');
  const found = (await page.evaluate(`axe.run(document, { resultTypes: ['violations'] }).then((results) =>
    results.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 5).map((node) => node.target.join(' ') + ': ' + (node.any[0]?.message ?? '')) })))`)) as Violation[];
  return found.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
}

describeInBrowser('the web app is accessible (axe-core)', () => {
  let realm: TestRealm;
  let ann: TestUser;
  let bob: TestUser;
  let browser: TestBrowser;
  let page: Page;

  beforeAll(async () => {
    realm = await createTestRealm('axe');
    ann = await realm.createUser('Ann Axe');
    bob = await realm.createUser('Bob Axe');
    await subscribeTo(realm.ownerApi, 'lounge', {}, [ann.userId, bob.userId]);
    await sendMessage(bob.api, { type: 'stream', to: 'lounge', topic: 'plans', content: 'Shall we **meet** at noon? :tada:\n\n> quoted\n\n```\ncode\n```' });
    await sendMessage(ann.api, { type: 'stream', to: 'lounge', topic: 'plans', content: 'Noon works, @**Bob Axe**' });
    await sendMessage(bob.api, { type: 'direct', to: JSON.stringify([ann.userId]), content: 'A direct word about the [plan](https://example.com)' });
    browser = await TestBrowser.launch();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
  });

  it('the log-in page', async () => {
    page = await browser.open(`http://${realm.api.host}/login/`);
    await page.getByLabel('Email').waitFor();
    await expect(seriousViolations(page)).resolves.toEqual([]);
  }, 60_000);

  it('the feed, a topic, a direct-message conversation and a search, light and dark', async () => {
    await page.getByLabel('Email').fill(ann.email);
    await page.getByLabel('Password').fill('user-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('navigation', { name: 'Views and channels' }).waitFor();
    const views: [string, string, string][] = [
      ['feed', '#feed', 'Combined feed'],
      ['topic', '#narrow/channel/0-lounge/topic/plans', '#lounge › plans'],
      ['dm', `#narrow/dm/${bob.userId}-bob`, 'Direct messages with Bob Axe'],
      ['search', '#narrow/search/noon', 'Search: noon'],
    ];
    const channels = (await ann.api.get('users/me/subscriptions')).body.subscriptions as { name: string; stream_id: number }[];
    const lounge = channels.find((channel) => channel.name === 'lounge')?.stream_id ?? 0;
    const report: Record<string, Violation[]> = {};
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const [name, hash, title] of views) {
        await page.goto(`http://${realm.api.host}/${hash.replace('/0-lounge', `/${lounge}-lounge`)}`);
        await page.getByRole('heading', { level: 1, name: title }).waitFor();
        await page.locator('article.message').first().waitFor();
        // The shortcuts dialog is part of the page too, once opened.
        if (name === 'feed') {
          await page.keyboard.press('?');
          await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
          report[`${scheme} shortcuts`] = await seriousViolations(page);
          await page.keyboard.press('Escape');
        }
        report[`${scheme} ${name}`] = await seriousViolations(page);
      }
    }
    expect(Object.entries(report).filter(([, violations]) => violations.length > 0)).toEqual([]);
  }, 120_000);
});
