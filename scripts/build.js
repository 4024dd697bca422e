#!/usr/bin/env node
/**
 * Compiles src/ into dist/ (tsconfig.build.json), and knows when it need not.
 *
 *   node scripts/build.js               a clean build: dist/ emptied, then tsc (npm run build, the image)
 *   node scripts/build.js --if-changed  nothing when dist/ was built from exactly these sources
 *                                       (prestart, premanage, pretest...): a CLI call on an unchanged
 *                                       tree costs a hash of src/, not a 10-30 s compile
 *
 * dist/.build-stamp records what the build was made from: a hash of every file under src/
 * but the unit specs (paths and bytes, so edits, deletions, renames and a `git checkout` all count, whatever
 * their mtimes), of the tsconfig files, package-lock.json and TypeScript's version (types
 * reach the output through decorator metadata) and of this script; and the list of files the
 * build wrote, so a dist/ pruned by hand is rebuilt. When only file contents changed, tsc
 * recompiles incrementally from dist/.tsbuildinfo, which lives inside dist/ so that deleting
 * dist/ can never leave a build-info claiming outputs that are gone. When files were added,
 * removed or renamed, or the configuration changed, the build is clean: no output of a
 * deleted source survives. The stamp is removed before tsc runs and written only after it
 * succeeds, so an interrupted or failed build is never taken for a fresh one.
 */
'use strict';

const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..');
const SOURCES = path.join(ROOT, 'src');
const OUT = path.join(ROOT, 'dist');
const STAMP = path.join(OUT, '.build-stamp');
const BUILD_INFO = path.join(OUT, '.tsbuildinfo');
/** Inputs besides src/ (missing ones count as empty). */
const CONFIG_FILES = ['tsconfig.json', 'tsconfig.build.json', 'package-lock.json', 'node_modules/typescript/package.json', 'scripts/build.js'];

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

/** The files a build wrote (and their sizes): a hand-pruned or truncated dist/ no longer matches. */
function outputs() {
  const files = listFiles(OUT).filter((file) => file !== '.build-stamp');
  return sha256(...files.map((file) => `${file} ${fs.statSync(path.join(OUT, file)).size}`));
}

function readStamp() {
  try {
    return JSON.parse(fs.readFileSync(STAMP, 'utf8'));
  } catch {
    return null;
  }
}

function tsc() {
  const compiler = require.resolve('typescript/bin/tsc', { paths: [ROOT] });
  const args = [compiler, '-p', path.join(ROOT, 'tsconfig.build.json'), '--incremental', '--tsBuildInfoFile', BUILD_INFO];
  const result = spawnSync(process.execPath, args, { cwd: ROOT, stdio: 'inherit' });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

function build(clean, now) {
  if (clean) fs.rmSync(OUT, { recursive: true, force: true });
  else fs.rmSync(STAMP, { force: true });
  const status = tsc();
  if (status !== 0) return status;
  fs.writeFileSync(STAMP, `${JSON.stringify({ ...now, outputs: outputs() }, null, 2)}\n`);
  return 0;
}

function main(argv) {
  const ifChanged = argv.includes('--if-changed');
  const now = fingerprint();
  if (!ifChanged) return build(true, now);
  const stamp = readStamp();
  const intact = stamp !== null && stamp.outputs === outputs() && fs.existsSync(BUILD_INFO);
  if (intact && stamp.sources === now.sources && stamp.config === now.config) return 0;
  // Same files, new contents: tsc's incremental build is exact. Anything else starts clean.
  return build(!(intact && stamp.sourceList === now.sourceList && stamp.config === now.config), now);
}

if (require.main === module) process.exitCode = main(process.argv.slice(2));

module.exports = { fingerprint, outputs, main };
