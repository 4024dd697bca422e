#!/usr/bin/env node
/**
 * Compiles src/ into dist/ with `nest build` (nest-cli.json, which names tsconfig.build.json) and
 * bundles the web app from web/ into dist/web/ (Vite, web/vite.config.mts), and knows when it need not.
 *
 *   node scripts/build.js               a clean build: dist/ emptied, then `nest build` and Vite (npm run build, the image)
 *   node scripts/build.js --if-changed  nothing when dist/ was built from exactly these sources
 *                                       (prestart, premanage..., the API tests' global setup): a CLI call
 *                                       on an unchanged tree costs a hash of src/ and web/, not a 10-30 s
 *                                       compile; staleParts() tells what it would rebuild, building nothing
 *
 * dist/.build-stamp records what the build was made from: a hash of every file under src/
 * but the unit specs (paths and bytes, so edits, deletions, renames and a `git checkout` all count, whatever
 * their mtimes), of the tsconfig files, nest-cli.json, package-lock.json and the versions of
 * TypeScript (types reach the output through decorator metadata) and Nest's CLI, and of this
 * script; and the list of files the build wrote, so a dist/ pruned by hand is rebuilt. When only
 * file contents changed, the compiler recompiles incrementally from dist/.tsbuildinfo
 * (tsconfig.build.json's `tsBuildInfoFile`), which lives inside dist/ so that deleting
 * dist/ can never leave a build-info claiming outputs that are gone. When files were added,
 * removed or renamed, or the configuration changed, the build is clean: no output of a
 * deleted source survives. The stamp is removed before the compiler runs and written only after it
 * succeeds, so an interrupted or failed build is never taken for a fresh one.
 *
 * The web app has a stamp of its own, dist/web/.build-stamp, made the same way from web/ (but
 * its unit specs), package-lock.json, Vite's version and this script: the server's build
 * leaves dist/web/ alone and the web app's leaves the rest of dist/. A web build always starts
 * clean (Vite has no incremental mode; it takes a few seconds), and fails when the page's
 * initial script and styles exceed WEB_BUDGET_BYTES gzipped (the issue's budget).
 */
'use strict';

const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const zlib = require('node:zlib');

const ROOT = path.resolve(__dirname, '..');
const SOURCES = path.join(ROOT, 'src');
const OUT = path.join(ROOT, 'dist');
const STAMP = path.join(OUT, '.build-stamp');
const BUILD_INFO = path.join(OUT, '.tsbuildinfo');
const WEB_SOURCES = path.join(ROOT, 'web');
const WEB_OUT = path.join(OUT, 'web');
const WEB_STAMP = path.join(WEB_OUT, '.build-stamp');
/** Inputs of the web app besides web/ (missing ones count as empty). */
const WEB_CONFIG_FILES = ['package-lock.json', 'node_modules/vite/package.json', 'scripts/build.js'];
/** The most the page's initial script and styles may weigh, gzipped. */
const WEB_BUDGET_BYTES = 200 * 1024;
/** Inputs besides src/ (missing ones count as empty). */
const CONFIG_FILES = [
  'tsconfig.json',
  'tsconfig.build.json',
  'nest-cli.json',
  'package-lock.json',
  'node_modules/typescript/package.json',
  'node_modules/@nestjs/cli/package.json',
  'scripts/build.js',
];

/** Every file under `dir`, as paths relative to `base` with `/` separators, sorted. */
function listFiles(dir, base = dir) {
  if (!fs.existsSync(dir)) return [];
  const files = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...listFiles(full, base));
    else files.push(path.relative(base, full).split(path.sep).join('/'));
  }
  return files.sort();
}

function sha256(...parts) {
  const hash = crypto.createHash('sha256');
  for (const part of parts) {
    hash.update(part);
    hash.update('\0');
  }
  return hash.digest('hex');
}

function readOrEmpty(file) {
  return fs.existsSync(file) ? fs.readFileSync(file) : Buffer.alloc(0);
}

/**
 * Unit specs beside the code (`*.spec.ts`) are not compiled into dist/ (tsconfig.build.json
 * excludes them), so editing one needs no build. Only while that is the whole exclusion:
 * any other tsconfig.build.json makes every file under src/ count.
 */
function compiledSource() {
  const { exclude } = JSON.parse(fs.readFileSync(path.join(ROOT, 'tsconfig.build.json'), 'utf8'));
  const specsOnly = Array.isArray(exclude) && exclude.length === 1 && exclude[0] === 'src/**/*.spec.ts';
  return specsOnly ? (file) => !file.endsWith('.spec.ts') : () => true;
}

/** What the sources and settings are now. */
function fingerprint() {
  const sources = listFiles(SOURCES).filter(compiledSource());
  const sourceHash = crypto.createHash('sha256');
  for (const file of sources) {
    sourceHash.update(`${file}\0`);
    sourceHash.update(fs.readFileSync(path.join(SOURCES, file)));
    sourceHash.update('\0');
  }
  return {
    sources: sourceHash.digest('hex'),
    sourceList: sha256(...sources),
    config: sha256(...CONFIG_FILES.flatMap((file) => [file, readOrEmpty(path.join(ROOT, file))])),
  };
}

/**
 * The files a build wrote (and their sizes): a hand-pruned or truncated dist/ no longer matches.
 * The server's outputs are dist/ but dist/web/, the web app's are dist/web/.
 */
function outputs(dir = OUT) {
  const files = listFiles(dir).filter((file) => file !== '.build-stamp' && !(dir === OUT && file.startsWith('web/')));
  return sha256(...files.map((file) => `${file} ${fs.statSync(path.join(dir, file)).size}`));
}

/** A build's stamp (the server's, or the web app's), or null when missing or unreadable. */
function readStamp(file = STAMP) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/**
 * `nest build`: Nest's CLI compiles with the TypeScript compiler as nest-cli.json says
 * (builder `tsc`, tsconfig.build.json, whose `incremental` and `tsBuildInfoFile` make a build
 * after content-only edits incremental). nest-cli.json leaves `deleteOutDir` off: the clean
 * build below empties dist/ itself and keeps dist/web/.
 */
function nestBuild() {
  const nest = require.resolve('@nestjs/cli/bin/nest.js', { paths: [ROOT] });
  const result = spawnSync(process.execPath, [nest, 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

function build(clean, now) {
  if (clean) {
    // The web app's output is its own build's to keep or replace.
    for (const entry of fs.existsSync(OUT) ? fs.readdirSync(OUT) : []) {
      if (entry !== 'web') fs.rmSync(path.join(OUT, entry), { recursive: true, force: true });
    }
  } else fs.rmSync(STAMP, { force: true });
  // On stderr: `npm run --silent manage` prints its answer on stdout, after this build.
  process.stderr.write(
    clean
      ? 'Building the server (src/ into dist/): a full build takes half a minute to a minute; later starts build only what changed...\n'
      : 'Building the server sources that changed...\n',
  );
  const status = nestBuild();
  if (status !== 0) return status;
  fs.writeFileSync(STAMP, `${JSON.stringify({ ...now, outputs: outputs() }, null, 2)}\n`);
  return 0;
}

/** What the web app's sources and settings are now. */
function webFingerprint() {
  const sources = listFiles(WEB_SOURCES).filter((file) => !file.endsWith('.spec.ts'));
  const hash = crypto.createHash('sha256');
  for (const file of sources) {
    hash.update(`${file}\0`);
    hash.update(fs.readFileSync(path.join(WEB_SOURCES, file)));
    hash.update('\0');
  }
  return {
    sources: hash.digest('hex'),
    config: sha256(...WEB_CONFIG_FILES.flatMap((file) => [file, readOrEmpty(path.join(ROOT, file))])),
  };
}

/**
 * The gzipped bytes of what the page loads before it can show anything: the scripts and
 * stylesheets dist/web/index.html names, and the modules those scripts import statically.
 */
function initialWeight() {
  const html = fs.readFileSync(path.join(WEB_OUT, 'index.html'), 'utf8');
  const pending = [...html.matchAll(/(?:src|href)="\/static\/webapp\/([^"]+\.(?:js|css))"/g)].map((match) => match[1]);
  const seen = new Set();
  let bytes = 0;
  while (pending.length > 0) {
    const file = pending.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    const body = fs.readFileSync(path.join(WEB_OUT, file));
    bytes += zlib.gzipSync(body, { level: 9 }).length;
    if (file.endsWith('.js')) {
      for (const match of body.toString('utf8').matchAll(/(?:^|[;\n}])\s*import\s*(?:[^"'()]*?from\s*)?["']\.\/([^"']+\.js)["']/g)) pending.push(match[1]);
    }
  }
  return { bytes, files: [...seen] };
}

function buildWeb(now) {
  fs.rmSync(WEB_STAMP, { force: true });
  process.stderr.write('Bundling the web app (web/ into dist/web/): a few seconds...\n');
  const vite = path.join(path.dirname(require.resolve('vite/package.json', { paths: [ROOT] })), 'bin', 'vite.js');
  // Always the production bundle: a caller's NODE_ENV (Jest sets `test` for the API tests'
  // global setup) would otherwise make Vite bundle React's development build.
  const result = spawnSync(process.execPath, [vite, 'build', '--config', path.join(WEB_SOURCES, 'vite.config.mts'), '--mode', 'production', '--logLevel', 'warn'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.error) throw result.error;
  if ((result.status ?? 1) !== 0) return result.status ?? 1;
  const weight = initialWeight();
  process.stderr.write(`web app: initial script and styles ${(weight.bytes / 1024).toFixed(1)} KiB gzipped (${weight.files.join(', ')}; budget ${WEB_BUDGET_BYTES / 1024} KiB)\n`);
  if (weight.bytes > WEB_BUDGET_BYTES) {
    process.stderr.write(`web app: over its budget of ${WEB_BUDGET_BYTES / 1024} KiB gzipped\n`);
    return 1;
  }
  fs.writeFileSync(WEB_STAMP, `${JSON.stringify({ ...now, outputs: outputs(WEB_OUT) }, null, 2)}\n`);
  return 0;
}

/** Whether dist/ but dist/web/ was built from exactly these sources and settings. */
function serverIsFresh(now = fingerprint(), stamp = readStamp()) {
  const intact = stamp !== null && stamp.outputs === outputs() && fs.existsSync(BUILD_INFO);
  return intact && stamp.sources === now.sources && stamp.config === now.config;
}

function mainServer(ifChanged) {
  const now = fingerprint();
  if (!ifChanged) return build(true, now);
  const stamp = readStamp();
  const intact = stamp !== null && stamp.outputs === outputs() && fs.existsSync(BUILD_INFO);
  if (serverIsFresh(now, stamp)) return 0;
  // Same files, new contents: the incremental build is exact. Anything else starts clean.
  return build(!(intact && stamp.sourceList === now.sourceList && stamp.config === now.config), now);
}

/** A tree without web/ (the server's image before the web app existed) builds the server alone. */
const hasWebApp = () => fs.existsSync(path.join(WEB_SOURCES, 'index.html'));

/** Whether dist/web/ was built from exactly these sources and settings (or there is no web app). */
function webIsFresh(now = webFingerprint()) {
  if (!hasWebApp()) return true;
  const stamp = readStamp(WEB_STAMP);
  return stamp !== null && stamp.outputs === outputs(WEB_OUT) && stamp.sources === now.sources && stamp.config === now.config;
}

function mainWeb(ifChanged) {
  if (!hasWebApp()) return 0;
  const now = webFingerprint();
  if (ifChanged && webIsFresh(now)) return 0;
  return buildWeb(now);
}

/** What `--if-changed` would rebuild now: 'src/' (the server), 'web/' (the web app), both or none. */
function staleParts() {
  return [...(serverIsFresh() ? [] : ['src/']), ...(webIsFresh() ? [] : ['web/'])];
}

function main(argv) {
  const ifChanged = argv.includes('--if-changed');
  if (!ifChanged) fs.rmSync(OUT, { recursive: true, force: true });
  const status = mainServer(ifChanged);
  return status !== 0 ? status : mainWeb(ifChanged);
}

if (require.main === module) process.exitCode = main(process.argv.slice(2));

module.exports = { fingerprint, webFingerprint, outputs, initialWeight, staleParts, main };
