#!/usr/bin/env node
/*
 * Makes src/emoji/catalog/zulip-emoji-names.json, the Unicode emoji names the server accepts,
 * from Zulip's own table and iamcal's emoji data, so that our names are Zulip's names.
 *
 *   node scripts/zulip-emoji-names.js <path to Zulip's tools/setup/emoji/emoji_names.py> [source note]
 *
 * Zulip's `emoji_names.py` (generated there by `generate_emoji_names` from CLDR and
 * `custom_emoji_names.py`) maps each emoji code to one canonical name and its aliases:
 * `"1f44d": {"canonical_name": "+1", "aliases": ["thumbs_up", "like"]}`. Zulip's
 * `name_to_codepoint`, `codepoint_to_name` and the `emoji_api.json` catalog are all built
 * from it and nothing else, so the data file holds exactly its entries. `emoji-datasource`
 * (the package the server already depends on; fetched with `npm pack` into a temporary
 * folder when it is not installed) gives the order the catalog lists them in (iamcal's
 * `sort_order`, which is Zulip's picker order) and checks that every code Zulip names is a
 * real emoji: as Zulip's `build_emoji` asserts, a code missing from the data stops the run.
 *
 * To update: take `tools/setup/emoji/emoji_names.py` from the Zulip release to follow, run
 * this with it, run src/emoji/public/zulip-emoji-names.spec.ts, and add a migration like
 * 1766860000000-zulip-emoji-names.ts if names that reactions or statuses store went away.
 */
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..');
const OUT = path.join(ROOT, 'src', 'emoji', 'catalog', 'zulip-emoji-names.json');

/** A Python string literal's body (either quote), with the escapes Zulip's files use. */
function pythonString(body) {
  return body.replace(/\\(u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|x[0-9a-fA-F]{2}|.)/g, (_, escape) => {
    if (/^[uUx]/.test(escape)) return String.fromCodePoint(parseInt(escape.slice(1), 16));
    return escape;
  });
}

const STRING = String.raw`(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)')`;

/** `EMOJI_NAME_MAPS` of an `emoji_names.py`: [code, canonical name, ...aliases] in file order. */
function parseEmojiNames(text) {
  const entry = new RegExp(
    String.raw`${STRING}\s*:\s*\{\s*["']canonical_name["']\s*:\s*${STRING}\s*,\s*["']aliases["']\s*:\s*\[([^\]]*)\]\s*,?\s*\}`,
    'g',
  );
  const item = new RegExp(STRING, 'g');
  const entries = [];
  // Comments (the hand-written versions have many) could hold quotes: drop them first.
  const code = text.replace(/^\s*#.*$/gm, '');
  for (const match of code.matchAll(entry)) {
    const key = pythonString(match[1] ?? match[2]);
    const canonical = pythonString(match[3] ?? match[4]);
    const aliases = [...match[5].matchAll(item)].map((alias) => pythonString(alias[1] ?? alias[2]));
    entries.push([key, canonical, ...aliases]);
  }
  return entries;
}

/** iamcal's emoji.json: from node_modules, or from the registry when it is not installed. */
function loadDatasource() {
  try {
    const file = require.resolve('emoji-datasource/emoji.json', { paths: [ROOT] });
    const version = JSON.parse(fs.readFileSync(path.join(path.dirname(file), 'package.json'), 'utf8')).version;
    return { data: JSON.parse(fs.readFileSync(file, 'utf8')), version };
  } catch {
    const version = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).dependencies['emoji-datasource'];
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'emoji-datasource-'));
    execFileSync('npm', ['pack', `emoji-datasource@${version}`, '--silent'], { cwd: dir, stdio: ['ignore', 'pipe', 'inherit'] });
    const tarball = fs.readdirSync(dir).find((name) => name.endsWith('.tgz'));
    execFileSync('tar', ['xzf', tarball, 'package/emoji.json'], { cwd: dir });
    return { data: JSON.parse(fs.readFileSync(path.join(dir, 'package', 'emoji.json'), 'utf8')), version };
  }
}

/** Zulip's `emoji_code` of an emoji.json entry: lowercase, dash-joined, without U+FE0F. */
function emojiCode(unified) {
  return unified.toLowerCase().split('-').filter((part) => part !== 'fe0f').join('-');
}

function main() {
  const [namesFile, note] = process.argv.slice(2);
  if (!namesFile) {
    console.error('usage: node scripts/zulip-emoji-names.js <emoji_names.py> [source note]');
    process.exit(2);
  }
  const entries = parseEmojiNames(fs.readFileSync(namesFile, 'utf8'));
  if (entries.length === 0) throw new Error(`${namesFile}: no EMOJI_NAME_MAPS entries found`);

  const { data, version } = loadDatasource();
  const sortOrder = new Map();
  for (const emoji of data) sortOrder.set(emojiCode(emoji.unified), emoji.sort_order ?? Number.MAX_SAFE_INTEGER);

  const seenNames = new Map();
  for (const [code, ...names] of entries) {
    if (!sortOrder.has(code)) throw new Error(`${code} (${names[0]}) is not in emoji-datasource ${version}`);
    for (const name of names) {
      if (seenNames.has(name)) throw new Error(`${name} names both ${seenNames.get(name)} and ${code}`);
      seenNames.set(name, code);
    }
  }
  entries.sort((a, b) => sortOrder.get(a[0]) - sortOrder.get(b[0]));

  const header = {
    about:
      "Zulip's Unicode emoji names: [emoji_code, canonical name, ...aliases], in emoji-datasource's sort order. " +
      'Made by scripts/zulip-emoji-names.js; do not edit by hand.',
    source: note ?? `Zulip's tools/setup/emoji/emoji_names.py (${path.basename(namesFile)})`,
    emoji_datasource: version,
  };
  // One emoji a line, so that an update reads as a diff of the emoji that changed.
  const lines = entries.map((entry) => `    ${JSON.stringify(entry)}`);
  const body =
    '{\n' +
    Object.entries(header).map(([key, value]) => `  ${JSON.stringify(key)}: ${JSON.stringify(value)},\n`).join('') +
    `  "emoji": [\n${lines.join(',\n')}\n  ]\n}\n`;
  fs.mkdirSync(path.dirname(OUT), { recursive: true });
  fs.writeFileSync(OUT, body);
  console.log(`${path.relative(ROOT, OUT)}: ${entries.length} emoji, ${seenNames.size} names`);
}

main();
