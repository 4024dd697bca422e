/** The longest wait between two attempts of one mail. */
export const MAX_RETRY_DELAY_MS = 60 * 60 * 1000;
/** Attempts before a mail is given up (with the defaults about two days of trying). */
export const MAX_ATTEMPTS = 60;
/**
 * How long a claimed mail is the claimer's: no other process takes it before this has
 * passed, so an attempt must end well within it (the SMTP timeouts below), and a process
 * that died while sending has its mail taken up again after it.
 */
export const CLAIM_LEASE_MS = 120_000;
/** nodemailer's timeouts (its defaults wait minutes), all well within the lease. */
export const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 };

/** The wait before the attempt after attempt `attempts` (1, 2, ...): doubling from the base, at most an hour. */
export function retryDelayMs(baseMs: number, attempts: number): number {
  return Math.min(MAX_RETRY_DELAY_MS, baseMs * 2 ** Math.min(30, Math.max(0, attempts - 1)));
}

/**
 * Whether the mail server refused the mail for good: an SMTP 5xx reply (no such mailbox, a
 * policy refusal). Anything else (no connection, a timeout, a 4xx "try later") is retried.
 */
export function isPermanentRefusal(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/**
 * The mail's `Message-ID`: derived from its row (id and creation time in microseconds, so
 * a database recreated from scratch never repeats one), the same on every attempt, so a
 * receiving system that got it twice can tell.
 */
export function messageIdOf(id: number, createdMicros: string, host: string): string {
  return `<mail.${id}.${BigInt(createdMicros).toString(36)}@${host}>`;
}
