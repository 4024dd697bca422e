#!/usr/bin/env node
/*
 * The npm registry reachable here serves only the platform packages of this machine, so
 * `npm install` leaves the other platforms' optional binaries (darwin, win32, ...) out of
 * package-lock.json, and `npm ci` then refuses the lock file as out of sync. This adds an
 * entry for each missing optional dependency, with the os/cpu its name carries, so that
 * `npm ci` skips it on a platform it does not fit. Run after every `npm install` that
 * changes the lock file: `node scripts/complete-lockfile.js`.
 */
const fs = require('node:fs');

const file = process.argv[2] ?? 'package-lock.json';
const lock = JSON.parse(fs.readFileSync(file, 'utf8'));
const packages = lock.packages;
const PLATFORM = /(darwin|linux|win32|android|freebsd|openharmony|sunos|aix|netbsd|openbsd)-(arm64|x64|arm|ia32|ppc64|s390x|riscv64|loong64)/;

let added = 0;
for (const [key, entry] of Object.entries({ ...packages })) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${key ? `${key}/` : ''}node_modules/${name}`;
    if (packages[nested] || packages[`node_modules/${name}`]) continue;
    const platform = PLATFORM.exec(name);
    if (!platform) continue;
    packages[`node_modules/${name}`] = {
      version,
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      os: [platform[1]],
      cpu: [platform[2]],
    };
    added++;
  }
}
const sorted = {};
for (const key of Object.keys(packages).sort((a, b) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b)))) {
  sorted[key] = packages[key];
}
lock.packages = sorted;
fs.writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
process.stderr.write(`complete-lockfile: ${added} platform entries added\n`);
