import * as fs from 'node:fs';
import * as path from 'node:path';
import { Page } from 'playwright-core';
import { screenshotBothWidths, SCREENSHOT_DIR } from './browser';

/** Where page screenshots are copied for review, when that folder exists. */
const REVIEW_DIR = '/work/shots';

/**
 * Screenshots of the page at 1280 and 375 px (`<name>-1280.png`, `<name>-375.png` in the
 * review folder), failing if the phone layout scrolls sideways.
 */
export async function shootAdmin(page: Page, name: string): Promise<void> {
  const shots = await screenshotBothWidths(page, name);
  expect(shots.phoneScrollsHorizontally).toBe(false);
  if (!fs.existsSync(REVIEW_DIR)) return;
  for (const [suffix, width] of [['desktop', 1280], ['phone', 375]] as const) {
    fs.copyFileSync(path.join(SCREENSHOT_DIR, `${name}-${suffix}.png`), path.join(REVIEW_DIR, `${name}-${width}.png`));
  }
}
