import { Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { DueWorkJob } from '../../platform/jobs/due-work-job';
import { JobRegistry } from '../../platform/observability/job-registry';
import { RedisConnections } from '../../platform/redis/redis-connections';
import { DeliverScheduledMessageCommand, DeliveryOutcome } from '../commands/deliver-scheduled-message.command';
import { ScheduledMessageStore } from '../persistence/scheduled-message.store';

export const SCHEDULED_MESSAGES_QUEUE = 'scheduled-messages';
/** The sweep that catches what a lost wake missed (a process killed before its timer fired, a lost job). */
export const SWEEP_INTERVAL_MS = 2000;

/**
 * Sends scheduled messages when they come due. The database row is the truth: each pass
 * runs DeliverScheduledMessageCommand until no due row is left, and that command claims a
 * row with `FOR UPDATE SKIP LOCKED` and marks it delivered in the transaction that inserts
 * the message, so any number of processes may wake together and each message goes out once.
 * Wakes (a delayed job per due millisecond) and the sweep are the DueWorkRunner's.
 */
@Injectable()
export class ScheduledMessageScheduler extends DueWorkJob {
  constructor(commandBus: CommandBus, redis: RedisConnections, jobs: JobRegistry, store: ScheduledMessageStore) {
    const logger = new Logger(ScheduledMessageScheduler.name);
    super(
      {
        queue: SCHEDULED_MESSAGES_QUEUE,
        label: 'scheduled messages',
        logger,
        sweepIntervalMs: SWEEP_INTERVAL_MS,
        wakeSlackMs: 20,
        work: {
          anyDue: () => store.anyDue(),
          step: async () => (await commandBus.execute<DeliverScheduledMessageCommand, DeliveryOutcome>(new DeliverScheduledMessageCommand())) !== 'none',
          failed: (error) => logger.error(`scheduled message delivery: ${error.message}`),
        },
      },
      redis,
      jobs,
    );
  }

  /** Asks for a pass at `dueAt` (a new or rescheduled message); messages due together share a wake. Never throws. */
  wakeAt(dueAt: Date): void {
    this.runner.wakeAt(`wake-${dueAt.getTime()}`, dueAt, {});
  }

  /** Delivers every due message. */
  drain(): Promise<void> {
    return this.runner.drain();
  }
}
