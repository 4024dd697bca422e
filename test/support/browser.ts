import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Browser, BrowserContext, chromium, Page } from 'playwright-core';
import { ROOT } from './server-process';

/** Debian's chromium (.ci/run installs it); CHROMIUM_PATH names another. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Where page screenshots go for review (gitignored). */
export const SCREENSHOT_DIR = path.join(ROOT, 'test-artifacts', 'screenshots');

export const DESKTOP = { width: 1280, height: 800 };
/** Evaluated in the page (as a string: the tests' types know no DOM). */
const SCROLLS_SIDEWAYS = 'document.documentElement.scrollWidth > document.documentElement.clientWidth';
export const PHONE = { width: 375, height: 740 };

/**
 * A headless chromium for page tests, with the flags that work in a container (no
 * sandbox, no GPU, no background traffic) and a fresh profile directory, removed on close.
 */
export class TestBrowser {
  private constructor(
    readonly browser: Browser,
    private readonly profileDir: string,
    private readonly context: BrowserContext,
  ) {}

  static available(): boolean {
    return fs.existsSync(CHROMIUM_PATH);
  }

  static async launch(): Promise<TestBrowser> {
    const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chat-chromium-'));
    // launchPersistentContext is how Playwright takes a --user-data-dir of the test's own.
    const context = await chromium.launchPersistentContext(profileDir, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      viewport: DESKTOP,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    return new TestBrowser(context.browser() as Browser, profileDir, context);
  }

  /** A new tab (sharing the profile's cookies) at `url`. */
  async open(url: string): Promise<Page> {
    const page = await this.context.newPage();
    await page.goto(url);
    return page;
  }

  /** Forgets the cookies (a new visitor). */
  async clearCookies(): Promise<void> {
    await this.context.clearCookies();
  }

  async close(): Promise<void> {
    await this.context.close();
    await this.browser?.close().catch(() => undefined);
    fs.rmSync(this.profileDir, { recursive: true, force: true });
  }
}

/** Whether the page, laid out `width` px wide, scrolls sideways (it must not on a phone). */
export async function scrollsHorizontally(page: Page, width = PHONE.width): Promise<boolean> {
  const before = page.viewportSize() ?? DESKTOP;
  await page.setViewportSize({ width, height: PHONE.height });
  const scrolls = (await page.evaluate(SCROLLS_SIDEWAYS)) === true;
  await page.setViewportSize(before);
  return scrolls;
}

/**
 * Saves `<name>-desktop.png` (1280 px) and `<name>-phone.png` (375 px) of the page as it is,
 * and checks on the way that the phone layout does not scroll sideways.
 */
export async function screenshotBothWidths(page: Page, name: string): Promise<{ phoneScrollsHorizontally: boolean }> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const before = page.viewportSize() ?? DESKTOP;
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-desktop.png`), fullPage: true });
  await page.setViewportSize(PHONE);
  const phoneScrollsHorizontally = (await page.evaluate(SCROLLS_SIDEWAYS)) === true;
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-phone.png`), fullPage: true });
  await page.setViewportSize(before);
  return { phoneScrollsHorizontally };
}
