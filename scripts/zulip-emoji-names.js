#!/usr/bin/env node
/*
 * Makes src/emoji/catalog/zulip-emoji-names.json, the Unicode emoji names the server accepts,
 * from Zulip's own table and iamcal's emoji data, so that our names are Zulip's names.
 *
 *   node scripts/zulip-emoji-names.js <Zulip's tools/setup/emoji/emoji_names.py> [source note]
 *   node scripts/zulip-emoji-names.js --generate <Zulip's tools/setup/emoji/custom_emoji_names.py>
 *       --emoji-data <emoji-datasource-google version> --cldr <CLDR annotations version> [--note <source note>]
 *
 * Zulip's `emoji_names.py` maps each emoji code to one canonical name and its aliases:
 * `"1f44d": {"canonical_name": "+1", "aliases": ["thumbs_up", "like"]}`. Zulip's
 * `name_to_codepoint`, `codepoint_to_name` and the `emoji_api.json` catalog are all built
 * from it and nothing else, so the data file holds exactly its entries.
 *
 * Zulip makes `emoji_names.py` with `generate_emoji_names` from three inputs: its hand-kept
 * `custom_emoji_names.py`, the English CLDR annotations (npm `cldr-annotations-full` and
 * `cldr-annotations-derived-full` from CLDR 46 on, `cldr-annotations-modern` and
 * `cldr-annotations-derived-modern` before) and iamcal's `emoji.json` of the
 * `emoji-datasource-google` release it pins. When the release's `emoji_names.py` is at hand, give it as the first form.
 * The second form makes the same table from the three inputs (the packages are fetched with
 * `npm pack` into a temporary folder), following generate_emoji_names step by step: that is
 * how the table of Zulip 10.2 is made here, since the release's generated file is not in its
 * repository (see docs/api.md, "Emoji, statuses and avatars"). Either way the installed
 * `emoji-datasource-google` (the version Zulip pins, also the source of the emoji images the
 * server serves) gives the
 * order the catalog lists emoji in (iamcal's `sort_order`, Zulip's picker order) and must know
 * every code Zulip names, as Zulip's `build_emoji` requires.
 *
 * To update: run this with the new release's files and versions, run
 * src/emoji/public/zulip-emoji-names.spec.ts, and add a migration like
 * 1766980000000-zulip-10-2-cldr-46-emoji-names.ts for the (name, code) pairs the update drops.
 */
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..');
const OUT = path.join(ROOT, 'src', 'emoji', 'catalog', 'zulip-emoji-names.json');
// iamcal's emoji data with Google's images, as Zulip ships it.
const DATASOURCE = 'emoji-datasource-google';

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

/** A file of an npm package at an exact version, fetched with `npm pack` into a temporary folder. */
function packedFile(pkg, version, file) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${pkg}-`));
  execFileSync('npm', ['pack', `${pkg}@${version}`, '--silent'], { cwd: dir, stdio: ['ignore', 'pipe', 'inherit'] });
  const tarball = fs.readdirSync(dir).find((name) => name.endsWith('.tgz'));
  execFileSync('tar', ['xzf', tarball, `package/${file}`], { cwd: dir });
  return JSON.parse(fs.readFileSync(path.join(dir, 'package', file), 'utf8'));
}

/** iamcal's emoji.json the server runs with: from node_modules, or from the registry when it is not installed. */
function loadDatasource() {
  try {
    const file = require.resolve(`${DATASOURCE}/emoji.json`, { paths: [ROOT] });
    const version = JSON.parse(fs.readFileSync(path.join(path.dirname(file), 'package.json'), 'utf8')).version;
    return { data: JSON.parse(fs.readFileSync(file, 'utf8')), version };
  } catch {
    const version = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).dependencies[DATASOURCE];
    return { data: packedFile(DATASOURCE, version, 'emoji.json'), version };
  }
}

/** Zulip's `emoji_code` of an emoji.json entry: lowercase, dash-joined, without U+FE0F. */
function emojiCode(unified) {
  return unified.toLowerCase().split('-').filter((part) => part !== 'fe0f').join('-');
}

// Clock faces other than 1f557 (Zulip keeps one, `time`) and the bare skin-tone modifiers are
// left out of Zulip's table on purpose (see custom_emoji_names.py).
const LEFT_OUT = new Set([
  ...'1f550 1f551 1f552 1f553 1f554 1f555 1f556 1f558 1f559 1f55a 1f55b 1f55c 1f55d 1f55e 1f55f'.split(' '),
  ...'1f560 1f561 1f562 1f563 1f564 1f565 1f566 1f567'.split(' '),
  ...'1f3fb 1f3fc 1f3fd 1f3fe 1f3ff'.split(' '),
]);

/** A CLDR label as a Zulip emoji name: lowercase, words joined by `_`, punctuation dropped, `&` spelled. */
function nameOfLabel(label) {
  const spelled = label
    .trim()
    .replace(/[ \-\u2013]/g, '_')
    .replace(/[\u201c\u201d:.,()\u2018\u2019']/g, '')
    .replace(/&/g, 'and');
  return spelled.replace(/_{2,}/g, '_').toLowerCase();
}

/** The ASCII spelling Zulip adds as an alias of a name with accented letters. */
const ACCENTS = { è: 'e', ǐ: 'i', ó: 'o', ā: 'a', ō: 'o', ñ: 'n', ô: 'o', ç: 'c', é: 'e', ã: 'a', í: 'i', å: 'a', ü: 'u' };
function asciiOf(name) {
  const ascii = [...name].map((ch) => ACCENTS[ch] ?? ch).join('');
  if (!/^[\x00-\x7f]*$/.test(ascii)) throw new Error(`${name}: no ASCII spelling known`);
  return ascii;
}
// Names with no ASCII spelling; Zulip keeps them because each emoji also has an ASCII alias.
const NO_ASCII_SPELLING = new Set(['ココ', 'サ', '指', '空']);

/** `CUSTOM_EMOJI_NAME_MAPS` of a `custom_emoji_names.py`, as a Map code -> {canonical, aliases}. */
function parseCustomNames(text) {
  const custom = new Map();
  for (const [code, canonical, ...aliases] of parseEmojiNames(text)) custom.set(code, { canonical, aliases });
  return custom;
}

/**
 * Zulip's table made the way generate_emoji_names makes it: each emoji of iamcal's data in
 * its order takes the custom entry, or else CLDR's text-to-speech label as canonical name and
 * its keywords as aliases (an emoji CLDR does not know is left out); then aliases equal to
 * some canonical name go, aliases two emoji share go from every emoji not in the custom file,
 * and each accented name gains its ASCII spelling as an alias that no other emoji keeps.
 */
function generateNames(custom, emojiData, cldr) {
  const table = new Map();
  const canonicals = new Set();
  for (const emoji of emojiData) {
    const code = emojiCode(emoji.unified);
    if (LEFT_OUT.has(code)) continue;
    let entry;
    if (custom.has(code)) {
      const { canonical, aliases } = custom.get(code);
      entry = { canonical, aliases: [...aliases] };
      if (canonicals.has(nameOfLabel(canonical))) throw new Error(`${canonical} (${code}) is another emoji's name`);
      canonicals.add(nameOfLabel(canonical));
    } else {
      const character = String.fromCodePoint(...code.split('-').map((hex) => parseInt(hex, 16)));
      const labels = cldr[character];
      if (!labels) {
        console.warn(`${code} is neither in the custom names nor in CLDR: left out, as Zulip does`);
        continue;
      }
      if (labels.tts.length !== 1) throw new Error(`${code}: CLDR gives ${labels.tts.length} names`);
      entry = { canonical: nameOfLabel(labels.tts[0]), aliases: labels.default.map(nameOfLabel) };
      if (canonicals.has(entry.canonical)) throw new Error(`${entry.canonical} (${code}) is another emoji's name`);
      canonicals.add(entry.canonical);
    }
    table.set(code, entry);
  }

  const codesOfAlias = new Map();
  for (const [code, entry] of table) {
    entry.aliases = entry.aliases.filter((alias) => !canonicals.has(alias));
    for (const alias of entry.aliases) codesOfAlias.set(alias, [...(codesOfAlias.get(alias) ?? []), code]);
  }
  for (const [alias, codes] of codesOfAlias) {
    if (codes.length < 2) continue;
    for (const code of codes) {
      if (custom.has(code)) continue;
      const entry = table.get(code);
      entry.aliases.splice(entry.aliases.indexOf(alias), 1);
    }
  }
  for (const entry of table.values()) {
    for (const name of [entry.canonical, ...entry.aliases]) {
      if (NO_ASCII_SPELLING.has(name) || /^[\x00-\x7f]*$/.test(name)) continue;
      const ascii = asciiOf(name);
      for (const code of codesOfAlias.get(ascii) ?? []) {
        const other = table.get(code);
        if (other.aliases.includes(ascii)) other.aliases.splice(other.aliases.indexOf(ascii), 1);
      }
      entry.aliases.push(ascii);
    }
  }
  return [...table].map(([code, { canonical, aliases }]) => [code, canonical, ...aliases]);
}

function option(args, flag) {
  const at = args.indexOf(flag);
  return at === -1 ? undefined : args[at + 1];
}

/** The table's entries and where they came from, per the command line. */
function readTable(args) {
  if (args[0] === '--generate') {
    const customFile = args[1];
    const emojiDataVersion = option(args, '--emoji-data');
    const cldrVersion = option(args, '--cldr');
    if (!customFile || !emojiDataVersion || !cldrVersion) usage();
    // CLDR 46 renamed the packages: the `-modern` ones end with 45.
    const flavour = Number.parseInt(cldrVersion, 10) >= 46 ? 'full' : 'modern';
    const cldr = {
      ...packedFile(`cldr-annotations-${flavour}`, cldrVersion, 'annotations/en/annotations.json').annotations.annotations,
      ...packedFile(`cldr-annotations-derived-${flavour}`, cldrVersion, 'annotationsDerived/en/annotations.json')
        .annotationsDerived.annotations,
    };
    const emojiData = packedFile(DATASOURCE, emojiDataVersion, 'emoji.json');
    const entries = generateNames(parseCustomNames(fs.readFileSync(customFile, 'utf8')), emojiData, cldr);
    const note =
      option(args, '--note') ??
      `Zulip's generate_emoji_names steps on ${path.basename(customFile)}, CLDR ${cldrVersion}, ${DATASOURCE} ${emojiDataVersion}`;
    return { entries, note };
  }
  const [namesFile, note] = args;
  if (!namesFile) usage();
  const entries = parseEmojiNames(fs.readFileSync(namesFile, 'utf8'));
  return { entries, note: note ?? `Zulip's tools/setup/emoji/emoji_names.py (${path.basename(namesFile)})` };
}

function usage() {
  console.error(
    'usage: node scripts/zulip-emoji-names.js <emoji_names.py> [source note]\n' +
      '   or: node scripts/zulip-emoji-names.js --generate <custom_emoji_names.py> --emoji-data <version> --cldr <version> [--note <text>]',
  );
  process.exit(2);
}

function main() {
  const { entries, note } = readTable(process.argv.slice(2));
  if (entries.length === 0) throw new Error('no emoji names found');

  const { data, version } = loadDatasource();
  const sortOrder = new Map();
  for (const emoji of data) sortOrder.set(emojiCode(emoji.unified), emoji.sort_order ?? Number.MAX_SAFE_INTEGER);

  const seenNames = new Map();
  for (const [code, ...names] of entries) {
    if (!sortOrder.has(code)) throw new Error(`${code} (${names[0]}) is not in ${DATASOURCE} ${version}`);
    for (const name of names) {
      if (seenNames.has(name)) throw new Error(`${name} names both ${seenNames.get(name)} and ${code}`);
      seenNames.set(name, code);
    }
  }
  entries.sort((a, b) => sortOrder.get(a[0]) - sortOrder.get(b[0]));

  const header = {
    about:
      "Zulip's Unicode emoji names: [emoji_code, canonical name, ...aliases], in iamcal's sort order. " +
      'Made by scripts/zulip-emoji-names.js; do not edit by hand.',
    source: note,
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
