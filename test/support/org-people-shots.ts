import * as fs from 'node:fs';
import * as path from 'node:path';
import { Page } from 'playwright-core';
import { screenshotBothWidths, SCREENSHOT_DIR } from './browser';

/**
 * Screenshots of an organization people page (`org-people-<name>`) at 1280 and 375 px,
 * checked for sideways scrolling on the phone, and copied to /work/shots when that folder
 * exists (for review).
 */
export async function shootPeoplePage(page: Page, name: string): Promise<void> {
  const shots = await screenshotBothWidths(page, `org-people-${name}`);
  expect(shots.phoneScrollsHorizontally).toBe(false);
  const review = '/work/shots';
  if (!fs.existsSync(review)) return;
  for (const [suffix, width] of [['desktop', 1280], ['phone', 375]] as const) {
    fs.copyFileSync(path.join(SCREENSHOT_DIR, `org-people-${name}-${suffix}.png`), path.join(review, `org-people-${name}-${width}.png`));
  }
}
