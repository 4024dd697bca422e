import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { MailSettings } from '../config/settings';
import { CommitListeners } from '../database/commit-listeners';
import { DueWorkRunner } from '../jobs/due-work-runner';
import { JobRegistry } from '../observability/job-registry';
import { RedisConnections } from '../redis/redis-connections';
import { isPermanentRefusal, MAX_ATTEMPTS, retryDelayMs } from './mail-retry';
import { MailSender } from './mail-sender';
import { ClaimedMail, MailKey, MailStore } from './persistence/mail-store';
import { MailQueuedEvent } from './outgoing-mail';

export const MAIL_QUEUE = 'mail';
/** How often the sweep looks for mail whose wake was lost (a process gone, a restart). */
export const MAIL_SWEEP_INTERVAL_MS = 5000;
/** How often a process drops outbox rows past `MAIL_OUTBOX_RETENTION_DAYS` (its first sweep does it at once). */
const PURGE_INTERVAL_MS = 60 * 60 * 1000;
/** Mails handed to the mail server at once by this process. */
const CONCURRENCY = 4;

/**
 * Delivers the mail outbox's rows. The row decides: an attempt claims it (MailStore.claim,
 * one UPDATE that only a pending, due, unclaimed row passes), sends it, and records the
 * outcome; wakes only say when to try. A committed mail wakes at once (its MailQueuedEvent
 * reaches this class as a CommitListener), a failed attempt wakes again after its backoff;
 * a wake is the DueWorkRunner's (a job any process's worker takes with Redis, the job id
 * `mail-<id>-<created>-<attempts>` making adding it twice one job; this process's run list
 * without), and its sweep at start-up and every MAIL_SWEEP_INTERVAL_MS catches wakes that
 * were lost. Started by the server only (main.ts): a CLI run's mail is sent by the next
 * server sweep.
 */
@Injectable()
export class MailDelivery implements OnApplicationShutdown {
  private readonly logger = new Logger('Mail');
  private readonly runner: DueWorkRunner<MailKey>;
  /** When this process's sweep next purges old rows; 0: at its first sweep. */
  private nextPurgeAt = 0;

  constructor(
    private readonly store: MailStore,
    private readonly sender: MailSender,
    private readonly settings: MailSettings,
    redis: RedisConnections,
    jobs: JobRegistry,
    commitListeners: CommitListeners,
  ) {
    this.runner = new DueWorkRunner<MailKey>(
      {
        // One queue per deployment: its keys are in the deployment's keyspace (RedisKeyspace).
        queue: MAIL_QUEUE,
        jobName: 'deliver',
        label: 'mail',
        logger: this.logger,
        sweepIntervalMs: MAIL_SWEEP_INTERVAL_MS,
        concurrency: CONCURRENCY,
        counted: ['waiting', 'active', 'delayed'],
        work: { work: (key) => this.deliver({ id: key.id, createdMicros: key.createdMicros }), sweep: () => this.sweep() },
      },
      redis,
      jobs,
    );
    commitListeners.add((events) => {
      for (const event of events) if (event instanceof MailQueuedEvent) this.wake({ id: event.mailId, createdMicros: event.createdMicros }, 0);
    });
  }

  start(): Promise<void> {
    return this.runner.start();
  }

  /** Looks for due mail whose wake was lost; one indexed read when there is none. */
  private async sweep(): Promise<void> {
    for (const mail of await this.store.due()) this.wake({ id: mail.id, createdMicros: mail.createdMicros }, mail.attempts);
    if (Date.now() >= this.nextPurgeAt) {
      this.nextPurgeAt = Date.now() + PURGE_INTERVAL_MS;
      // Not awaited: start-up waits for the first sweep, and a first purge after an upgrade may be long.
      void this.purge();
    }
  }

  /** Clears bodies left on finished rows and drops rows past retention. Never rejects: the next purge tries again. */
  private async purge(): Promise<void> {
    const days = this.settings.outboxRetentionDays;
    try {
      const { cleared, dropped } = await this.store.purge(days);
      if (cleared + dropped > 0) this.logger.log(`mail outbox: ${cleared} bodies cleared, ${dropped} rows older than ${days} days dropped`);
    } catch (error) {
      this.logger.warn(`mail outbox purge failed: ${(error as Error).message}`);
    }
  }

  /** Asks for an attempt at a mail (which has had `attempts` so far) after `delayMs`. Never throws: the sweep is the fallback. */
  private wake(key: MailKey, attempts: number, delayMs = 0): void {
    this.runner.wake(`mail-${key.id}-${key.createdMicros}-${attempts}`, key, delayMs);
  }

  /** One attempt at a mail, if it is still pending, due and unclaimed. Never rejects. */
  async deliver(key: MailKey): Promise<void> {
    const id = key.id;
    try {
      const mail = await this.store.claim(key);
      if (!mail) return;
      let outcome: 'sent' | 'logged';
      try {
        outcome = await this.sender.send(mail);
      } catch (error) {
        const message = (error as Error).message;
        // Mail servers quote the address in their refusals; the log names the domain only.
        const logged = withoutMailboxes(message);
        if (isPermanentRefusal(error) || mail.attempt >= MAX_ATTEMPTS) {
          this.logger.error({ msg: `mail ${id} failed for good after ${mail.attempt} attempts: ${logged}`, ...mailFields(mail), attempts: mail.attempt });
          await this.store.markFailed(id, message);
          return;
        }
        const delay = retryDelayMs(this.settings.retryDelayMs, mail.attempt);
        this.logger.warn({ msg: `mail ${id} not sent (attempt ${mail.attempt}), retrying in ${delay} ms: ${logged}`, ...mailFields(mail), attempts: mail.attempt });
        await this.store.retryLater(id, delay, message);
        this.wake(key, mail.attempt, delay);
        return;
      }
      // A failure from here on leaves the row claimed: after the lease it is sent again.
      await this.store.markSent(id);
      if (outcome === 'sent') this.logger.log({ msg: `mail ${id} sent`, ...mailFields(mail), message_id: this.sender.messageIdOf(mail) });
    } catch (error) {
      this.logger.error(`mail ${id}: ${(error as Error).message}`);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.runner.stop();
    this.sender.close();
  }
}

/**
 * What a mail's log lines say about it: its row, its kind and the recipient's domain, so
 * that an operator can follow deliveries per provider. Never the address, text or links:
 * logs outlive mailboxes and the links are credentials.
 */
function mailFields(mail: ClaimedMail): Record<string, unknown> {
  return { mail_id: mail.id, kind: mail.kind, recipient_domain: mail.to.slice(mail.to.lastIndexOf('@') + 1).toLowerCase() };
}

/** `ann@example.com` becomes `…@example.com` (the store keeps the whole refusal, the log does not). */
export function withoutMailboxes(text: string): string {
  return text.replace(/[^\s<>"'@:]+@([A-Za-z0-9.-]+)/g, '…@$1');
}
