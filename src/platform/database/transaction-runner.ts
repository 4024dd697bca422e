import { Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { EventOutbox, OutboxEntry } from '../../events/outbox/event-outbox.service';
import { connectionsAreSessions } from './data-source-options';
import { UnitOfWork } from './unit-of-work';

/** SQLSTATEs worth one more try: serialization failure and deadlock. */
const RETRYABLE = new Set(['40001', '40P01']);
const MAX_ATTEMPTS = 3;

/**
 * Runs a command's writes in one transaction and publishes the events it recorded only
 * after the commit, so no subscriber can observe uncommitted data. The events are also
 * written to the outbox in the transaction, so a crash after the commit loses none. `run`
 * resolves once those events are in the queue store: the request answers after them.
 */
@Injectable()
export class TransactionRunner {
  private readonly logger = new Logger(TransactionRunner.name);
  /** Each pooled connection is a session of its own (PostgreSQL, not the embedded one): statements can stay prepared. */
  private readonly preparedStatements: boolean;

  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: EventOutbox,
    private readonly commandBus: CommandBus,
  ) {
    this.preparedStatements = dataSource.options !== undefined && connectionsAreSessions(dataSource.options);
  }

  async run<T>(work: (uow: UnitOfWork) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      let unit: UnitOfWork | undefined;
      let outboxEntry: OutboxEntry | null = null;
      try {
        const result = await this.dataSource.transaction(async (manager) => {
          const transaction = new UnitOfWork(manager, this.preparedStatements);
          unit = transaction;
          const value = await work(transaction);
          if (transaction.events.length > 0) outboxEntry = await this.outbox.write(transaction, transaction.events);
          return value;
        });
        const published = outboxEntry ? this.outbox.publish(outboxEntry) : undefined;
        for (const command of unit?.followUpCommands ?? []) {
          try {
            await this.commandBus.execute(command);
          } catch (error) {
            this.logger.error(`follow-up ${command.constructor.name} failed: ${(error as Error).message}`);
          }
        }
        await published;
        return result;
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (attempt >= MAX_ATTEMPTS || typeof code !== 'string' || !RETRYABLE.has(code)) throw error;
      }
    }
  }
}
