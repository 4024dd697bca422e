import { Page } from 'playwright-core';
import { TestBrowser } from './browser';

/** The password `createTestRealm`'s users are made with. */
export const USER_PASSWORD = 'user-password';

/**
 * Logs a person in through the web app's log-in page (a fresh visitor: the browser's cookies
 * are cleared first) and waits for the app's sidebar. The tab goes into `opened` as soon as
 * it exists, so a spec's cleanup closes it even when the log-in fails.
 */
export async function logInThroughPage(browser: TestBrowser, host: string, email: string, opened: Page[] = []): Promise<Page> {
  await browser.clearCookies();
  const page = await browser.open(`http://${host}/login/`);
  opened.push(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(USER_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('navigation', { name: 'Views and channels' }).waitFor().catch(async (error: unknown) => {
    throw new Error(`${String(error)}\nat ${page.url()}: ${(await page.locator('body').innerText()).slice(0, 500)}`);
  });
  return page;
}

/** A channel's link in the left sidebar, whatever its unread count. */
export const sidebarChannelLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Views and channels' }).getByRole('link', { name: new RegExp(`^${name}( \\d+ unread)?$`) });

/**
 * The browsers a spec file drives and the pages its tests open; made inside the file's
 * `describe`, where it adds the hooks that close each test's pages after it (so a page left
 * signed in or out cannot race the next log-in) and the browsers after the file.
 */
export class SpecBrowsers {
  /** The pages the tests opened, `logIn`'s among them: closed after each test. */
  readonly opened: Page[] = [];
  private readonly launched: TestBrowser[] = [];

  static forThisFile(): SpecBrowsers {
    const browsers = new SpecBrowsers();
    afterEach(async () => {
      await Promise.all(browsers.opened.splice(0).map((page) => page.close()));
    });
    afterAll(async () => {
      await Promise.all(browsers.launched.splice(0).map((browser) => browser.close()));
    });
    return browsers;
  }

  /** Launches `count` browsers, one after another (for the file's `beforeAll`). */
  async launch(count: number): Promise<TestBrowser[]> {
    const browsers: TestBrowser[] = [];
    for (let index = 0; index < count; index += 1) {
      const browser = await TestBrowser.launch();
      this.launched.push(browser);
      browsers.push(browser);
    }
    return browsers;
  }

  /** Logs `email` in through `host`'s log-in page in `browser` (logInThroughPage), then opens `hash` when given. */
  async logIn(browser: TestBrowser, host: string, email: string, hash = ''): Promise<Page> {
    const page = await logInThroughPage(browser, host, email, this.opened);
    if (hash !== '') await page.goto(`http://${host}/${hash}`);
    return page;
  }
}
