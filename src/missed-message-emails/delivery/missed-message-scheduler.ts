import { Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { DueWorkJob } from '../../platform/jobs/due-work-job';
import { JobRegistry } from '../../platform/observability/job-registry';
import { RedisConnections } from '../../platform/redis/redis-connections';
import { SendMissedMessageEmailsCommand, SendOutcome } from '../commands/send-missed-message-emails.command';
import { MissedMessageStore } from '../persistence/missed-message.store';

export const MISSED_MESSAGE_EMAILS_QUEUE = 'missed-message-emails';
/** The sweep that catches what a lost wake missed (a process killed before its timer fired, a lost job). */
export const SWEEP_INTERVAL_MS = 5000;

/**
 * Sends each user's missed-message emails when their batching period ends (Zulip's
 * MissedMessageWorker). The `missed_message_email` rows are the truth: each pass first
 * asks cheaply whether anything is due (no transaction), then runs
 * SendMissedMessageEmailsCommand until nothing is left to claim; that command claims one
 * user's due rows and deletes them in the transaction that writes the emails to the mail
 * outbox, so any number of processes may wake together and each batch goes out once.
 * Wakes (a delayed job per user and due time) and the sweep are the DueWorkRunner's.
 */
@Injectable()
export class MissedMessageScheduler extends DueWorkJob {
  constructor(commandBus: CommandBus, store: MissedMessageStore, redis: RedisConnections, jobs: JobRegistry) {
    const logger = new Logger(MissedMessageScheduler.name);
    super(
      {
        queue: MISSED_MESSAGE_EMAILS_QUEUE,
        label: 'missed-message emails',
        logger,
        sweepIntervalMs: SWEEP_INTERVAL_MS,
        wakeSlackMs: 50,
        work: {
          anyDue: () => store.anyDue(),
          // After each batch the cheap read again: the last one sent opens no further transaction.
          step: async () =>
            (await commandBus.execute<SendMissedMessageEmailsCommand, SendOutcome>(new SendMissedMessageEmailsCommand())) !== 'none' && (await store.anyDue()),
          failed: (error) => logger.error(`missed-message emails: ${error.message}`),
        },
      },
      redis,
      jobs,
    );
  }

  /** Asks for a pass when `userId`'s batch is due; every message of the batch asks for the same job. Never throws. */
  wakeAt(userId: number, dueAt: Date): void {
    this.runner.wakeAt(`user-${userId}-${dueAt.getTime()}`, dueAt, {});
  }

  /** Sends every due batch. */
  drain(): Promise<void> {
    return this.runner.drain();
  }
}
