import { Injectable, Logger } from '@nestjs/common';
import { DueWorkJob } from '../../platform/jobs/due-work-job';
import { JobRegistry } from '../../platform/observability/job-registry';
import { RedisConnections } from '../../platform/redis/redis-connections';
import { ImageThumbnailer } from '../commands/image-thumbnailer';
import { ImageRepository } from '../persistence/image.repository';

export const THUMBNAIL_QUEUE = 'thumbnails';
/** The sweep that catches what a lost wake missed (a process killed while thumbnailing, a lost job). */
const SWEEP_INTERVAL_MS = 5000;

/**
 * Thumbnails uploaded images in the background (Zulip's `thumbnail` queue). The upload's
 * row is the truth: it is due from its upload until its thumbnails are recorded, and a pass
 * claims one due row at a time for a lease, so processes passing together split the work,
 * and an image whose thumbnailer died (a restart) comes due again when its lease ends.
 * A wake follows each upload; the sweep finds what no wake reached.
 */
@Injectable()
export class ThumbnailScheduler extends DueWorkJob<{ id: number }> {
  constructor(thumbnailer: ImageThumbnailer, images: ImageRepository, redis: RedisConnections, jobs: JobRegistry) {
    const logger = new Logger(ThumbnailScheduler.name);
    super(
      {
        queue: THUMBNAIL_QUEUE,
        label: 'thumbnails',
        logger,
        sweepIntervalMs: SWEEP_INTERVAL_MS,
        work: {
          anyDue: () => images.anyDue(),
          step: () => thumbnailer.step(),
          failed: (error) => logger.error(`thumbnailing: ${error.message}`),
        },
      },
      redis,
      jobs,
    );
  }

  /** Asks for a pass now (a new image). Never throws. */
  wake(attachmentId: number): void {
    this.runner.wake(`image-${attachmentId}`, { id: attachmentId });
  }
}
