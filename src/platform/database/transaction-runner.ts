import { Injectable, Logger } from '@nestjs/common';
import { CommandBus, EventBus } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { UnitOfWork } from './unit-of-work';

/** SQLSTATEs worth one more try: serialization failure and deadlock. */
const RETRYABLE = new Set(['40001', '40P01']);
const MAX_ATTEMPTS = 3;

/**
 * Runs a command's writes in one transaction and publishes the events it recorded only
 * after the commit, so no subscriber can observe uncommitted data.
 */
@Injectable()
export class TransactionRunner {
  private readonly logger = new Logger(TransactionRunner.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly eventBus: EventBus,
    private readonly commandBus: CommandBus,
  ) {}

  async run<T>(work: (uow: UnitOfWork) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      let unit: UnitOfWork | undefined;
      try {
        const result = await this.dataSource.transaction(async (manager) => {
          unit = new UnitOfWork(manager);
          return work(unit);
        });
        if (unit && unit.events.length > 0) this.eventBus.publishAll([...unit.events]);
        for (const command of unit?.followUpCommands ?? []) {
          try {
            await this.commandBus.execute(command);
          } catch (error) {
            this.logger.error(`follow-up ${command.constructor.name} failed: ${(error as Error).message}`);
          }
        }
        return result;
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (attempt >= MAX_ATTEMPTS || typeof code !== 'string' || !RETRYABLE.has(code)) throw error;
      }
    }
  }
}
