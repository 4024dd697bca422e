/**
 * Two projects, one run (`npm test`, or a bare `npx jest`, runs both):
 *
 * - `unit` (`npm run test:unit`): the specs beside the code, `src/**\/*.spec.ts` and the
 *   web app's `web/**\/*.spec.ts` (which need no DOM). No server, no database, no Redis, no
 *   build: they run in seconds, with PostgreSQL and Redis down. test/support/unit-isolation.ts
 *   fails a unit spec that opens a network connection; a spec that needs one belongs in test/.
 * - `api` (`npm run test:api`): the specs in `test/`, which drive one real server process per
 *   run (test/support/global-setup.ts starts it, from dist/; each test file makes a realm of
 *   its own). The global setup first rebuilds dist/ when src/ or web/ changed since it was
 *   built, so no run tests stale code, also under a bare `npx jest test/x.spec.ts`; while
 *   another run of the same checkout is testing dist/, it refuses to start instead of
 *   rebuilding under it (test/support/fresh-build.ts).
 *
 * `npx jest --selectProjects unit` works too; `npx jest src/x.spec.ts` runs that file alone
 * and starts no server.
 */
const shared = {
  testEnvironment: 'node',
  testMatch: ['**/*.spec.ts'],
  // url-template ships ES modules only: swc turns it into CommonJS for the specs
  // (the server itself loads it through Node's require of ES modules).
  transformIgnorePatterns: ['/node_modules/(?!url-template/)'],
  transform: {
    '^.+\\.[tj]s$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
};

const projects = [
  {
    ...shared,
    displayName: 'unit',
    roots: ['<rootDir>/src', '<rootDir>/web'],
    setupFilesAfterEnv: ['<rootDir>/test/support/unit-isolation.ts'],
  },
  {
    ...shared,
    displayName: 'api',
    roots: ['<rootDir>/test'],
    globalSetup: '<rootDir>/test/support/global-setup.ts',
    globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  },
];

// `npm run test:unit` and `test:api` name their project in TEST_PROJECT rather than with
// `--selectProjects`, which would take the file names and options given after it for more
// project names (`npm run test:unit -- src/x.spec.ts`).
const only = process.env.TEST_PROJECT;
if (only !== undefined && !projects.some((project) => project.displayName === only)) {
  throw new Error(`TEST_PROJECT=${only}: the projects are ${projects.map((project) => project.displayName).join(' and ')}`);
}

module.exports = {
  projects: only === undefined ? projects : projects.filter((project) => project.displayName === only),
  // Jest reads the tests' timeout from here, not from a project.
  testTimeout: 60_000,
  maxWorkers: 2,
};
