import { WebhookJob } from '../persistence/webhook-trigger.store';

/** A committed message triggered outgoing webhooks; their jobs are enqueued after the commit. */
export class WebhooksTriggeredEvent {
  constructor(readonly jobs: readonly WebhookJob[]) {}
}
