/**
 * Unit specs live next to pure code (`src/**\/*.spec.ts`, and the web app's
 * `web/**\/*.spec.ts`, which need no DOM); API tests in `test/` drive one real server
 * process per run (started by test/support/global-setup.ts), each test file in a realm of
 * its own.
 */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/src', '<rootDir>/test', '<rootDir>/web'],
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
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  testTimeout: 60_000,
  maxWorkers: 2,
};
