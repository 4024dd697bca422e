import * as fs from 'node:fs';
import * as path from 'node:path';
import { Page } from 'playwright-core';
import { ApiResponse } from './api';
import { screenshotBothWidths, SCREENSHOT_DIR } from './browser';

/** An API answer's body; a refusal fails the test with the server's words. */
export async function ok(response: Promise<ApiResponse>): Promise<Record<string, unknown>> {
  const answer = await response;
  if (answer.status !== 200) throw new Error(`request failed: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/**
 * Screenshots of an organization page at 1280 and 375 px, copied to /work/shots (when it
 * exists) as `<name>-1280.png` and `<name>-375.png` for review; the phone layout must not
 * scroll sideways.
 */
export async function shootForReview(page: Page, name: string): Promise<void> {
  const shots = await screenshotBothWidths(page, name);
  expect(shots.phoneScrollsHorizontally).toBe(false);
  const review = '/work/shots';
  if (!fs.existsSync(review)) return;
  for (const [suffix, width] of [['desktop', 1280], ['phone', 375]] as const) {
    fs.copyFileSync(path.join(SCREENSHOT_DIR, `${name}-${suffix}.png`), path.join(review, `${name}-${width}.png`));
  }
}
