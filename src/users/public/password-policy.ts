import { Worker } from 'node:worker_threads';
import type { PasswordPolicy } from '../../platform/config/settings';

export const PASSWORD_MAX_LENGTH = 100;

/** How long the estimator's thread outlives its last check. */
const ESTIMATOR_IDLE_MS = 30_000;

/**
 * zxcvbn with its common and English dictionaries holds about 65 MB and takes a third of a
 * second to build, for checks that happen when someone sets a password: it lives in a
 * worker thread that ends after ESTIMATOR_IDLE_MS without a check, taking its memory along.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { ZxcvbnFactory } = require(workerData.core);
const common = require(workerData.common);
const english = require(workerData.english);
const estimator = new ZxcvbnFactory({
  translations: english.translations,
  graphs: common.adjacencyGraphs,
  dictionary: { ...common.dictionary, ...english.dictionary },
});
parentPort.on('message', ({ id, password }) => parentPort.postMessage({ id, guesses: estimator.check(password).guesses }));
`;

class StrengthEstimator {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, { resolve: (guesses: number) => void; reject: (error: Error) => void }>();
  private nextId = 0;
  private idleTimer: NodeJS.Timeout | null = null;

  guesses(password: string): Promise<number> {
    const worker = this.start();
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    const id = this.nextId++;
    return new Promise<number>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, password });
    });
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        core: require.resolve('@zxcvbn-ts/core'),
        common: require.resolve('@zxcvbn-ts/language-common'),
        english: require.resolve('@zxcvbn-ts/language-en'),
      },
    });
    // An idle estimator never keeps the process alive.
    worker.unref();
    worker.on('message', ({ id, guesses }: { id: number; guesses: number }) => {
      this.pending.get(id)?.resolve(guesses);
      this.pending.delete(id);
      if (this.pending.size === 0) this.idleTimer = setTimeout(() => this.stop(), ESTIMATOR_IDLE_MS).unref();
    });
    const fail = (error: Error) => {
      for (const { reject } of this.pending.values()) reject(error);
      this.pending.clear();
      if (this.worker === worker) this.worker = null;
    };
    worker.on('error', fail);
    worker.on('exit', () => fail(new Error('the password strength estimator stopped')));
    this.worker = worker;
    return worker;
  }

  private stop(): void {
    const worker = this.worker;
    this.worker = null;
    if (worker && this.pending.size === 0) void worker.terminate();
  }
}

const estimator = new StrengthEstimator();

/** zxcvbn's estimate of the guesses needed to find `password`. */
export function passwordGuesses(password: string): Promise<number> {
  return estimator.guesses(password);
}

/**
 * Zulip's `check_password_strength`: at least `policy.minLength` characters (at most
 * PASSWORD_MAX_LENGTH), and, unless `policy.minGuesses` is 0, at least that many guesses
 * by zxcvbn's estimate. The configuration reads the policy (`PASSWORD_MIN_LENGTH`,
 * `PASSWORD_MIN_GUESSES`, Zulip's defaults 6 and 10,000).
 */
export async function isAcceptablePassword(password: string, policy: PasswordPolicy): Promise<boolean> {
  if (password.length < policy.minLength || password.length > PASSWORD_MAX_LENGTH) return false;
  return policy.minGuesses === 0 || (await passwordGuesses(password)) >= policy.minGuesses;
}
