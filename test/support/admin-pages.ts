import * as fs from 'node:fs';
import * as path from 'node:path';
import { Page } from 'playwright-core';
import { screenshotBothWidths, SCREENSHOT_DIR } from './browser';

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

/**
 * Changes a group-setting picker (web/components/GroupSettingPicker.tsx) as a person does:
 * picks `add` from the field's suggestions, waits for its pill (the store's value, on a
 * saved setting), then removes the pills named in `remove`.
 */
export async function changeGroupSetting(page: Page, label: string, add: string, remove: readonly string[] = []): Promise<void> {
  const field = page.getByRole('combobox', { name: `Add to “${label}”` });
  await field.click();
  await field.fill(add);
  await page.getByRole('option', { name: new RegExp(`^${add}`) }).first().click();
  const pills = page.getByRole('list', { name: label, exact: true });
  await pills.getByRole('button', { name: `Remove ${add}`, exact: true }).waitFor();
  for (const name of remove) {
    await pills.getByRole('button', { name: `Remove ${name}`, exact: true }).click();
    await pills.getByRole('button', { name: `Remove ${name}`, exact: true }).waitFor({ state: 'detached' });
  }
}
