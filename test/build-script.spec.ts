import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ROOT } from './support/server-process';

/**
 * scripts/build.js on a copy of the project (issue 36 item 1): a build says on stderr that
 * it is building and roughly how long it takes, so the first `npm start` is not silent;
 * stdout stays empty (`npm run --silent manage` prints its answer there); an unchanged
 * tree builds nothing and says nothing.
 */
describe('the build script', () => {
  let copy: string;

  beforeAll(() => {
    copy = fs.mkdtempSync(path.join(os.tmpdir(), 'chat-build-'));
    for (const entry of ['src', 'web', 'scripts']) fs.cpSync(path.join(ROOT, entry), path.join(copy, entry), { recursive: true });
    for (const file of fs.readdirSync(ROOT).filter((name) => /^tsconfig.*\.json$/.test(name) || ['package.json', 'package-lock.json', 'nest-cli.json'].includes(name))) {
      fs.copyFileSync(path.join(ROOT, file), path.join(copy, file));
    }
    fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(copy, 'node_modules'));
  });

  afterAll(() => {
    if (copy) fs.rmSync(copy, { recursive: true, force: true });
  });

  function build(...args: string[]): { status: number | null; stdout: string; stderr: string } {
    const run = spawnSync(process.execPath, [path.join(copy, 'scripts', 'build.js'), ...args], { cwd: copy, encoding: 'utf8' });
    return { status: run.status, stdout: run.stdout, stderr: run.stderr };
  }

  it('announces a first build with its rough duration, then builds nothing on an unchanged tree', () => {
    const first = build('--if-changed');
    expect({ status: first.status, stdout: first.stdout }).toEqual({ status: 0, stdout: '' });
    expect(first.stderr).toContain('Building the server (src/ into dist/): a full build takes half a minute to a minute; later starts build only what changed...\n');
    expect(first.stderr).toContain('Bundling the web app (web/ into dist/web/): a few seconds...\n');
    expect(fs.existsSync(path.join(copy, 'dist', 'main.js'))).toBe(true);
    expect(fs.existsSync(path.join(copy, 'dist', 'web', 'index.html'))).toBe(true);

    expect(build('--if-changed')).toEqual({ status: 0, stdout: '', stderr: '' });

    fs.appendFileSync(path.join(copy, 'src', 'healthcheck.ts'), '\n// changed\n');
    expect(build('--if-changed')).toEqual({ status: 0, stdout: '', stderr: 'Building the server sources that changed...\n' });
  }, 300_000);

  /** What the API tests' global setup asks before it starts a server from dist/ (test/support/fresh-build.ts). */
  function staleParts(): string[] {
    const run = spawnSync(process.execPath, ['-p', `JSON.stringify(require(${JSON.stringify(path.join(copy, 'scripts', 'build.js'))}).staleParts())`], { encoding: 'utf8' });
    if (run.status !== 0) throw new Error(run.stderr);
    return JSON.parse(run.stdout) as string[];
  }

  it('tells which part of dist/ is older than its sources, without building', () => {
    expect(build('--if-changed').status).toBe(0);
    expect(staleParts()).toEqual([]);
    fs.appendFileSync(path.join(copy, 'web', 'index.html'), '\n');
    expect(staleParts()).toEqual(['web/']);
    fs.appendFileSync(path.join(copy, 'src', 'healthcheck.ts'), '\n// changed again\n');
    expect(staleParts()).toEqual(['src/', 'web/']);
    expect(build('--if-changed').status).toBe(0);
    expect(staleParts()).toEqual([]);
    // A unit spec beside the code is not part of the build.
    fs.writeFileSync(path.join(copy, 'src', 'extra.spec.ts'), 'export {};\n');
    expect(staleParts()).toEqual([]);
  }, 300_000);
});
