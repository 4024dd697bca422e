import { Injectable } from '@nestjs/common';
import { OnCommitted } from '../../platform/events/outbox/on-committed';
import { RealmExportRunner } from '../jobs/realm-export-runner';
import { RealmExportRequestedEvent } from './realm-export-events';

/**
 * A committed export request wakes the runner. Only a wake: the row decides, so a wake
 * lost with its process is caught by the runner's sweep.
 */
@Injectable()
export class RealmExportWakeEffects {
  constructor(private readonly runner: RealmExportRunner) {}

  @OnCommitted(RealmExportRequestedEvent)
  wake(event: RealmExportRequestedEvent): void {
    this.runner.wake(event.exportId);
  }
}
