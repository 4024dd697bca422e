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
