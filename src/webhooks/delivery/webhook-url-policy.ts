import { Injectable } from '@nestjs/common';
import { ApiError } from '../../shared/api-error';
import { RefusedAddress } from '../../platform/net/outbound-address';
import { WebhookSettings } from '../../platform/config/settings';
import { checkWebhookUrl } from './guarded-http';

/** The save-time check of an outgoing-webhook bot's URL (`payload_url`, `service_payload_url`). */
@Injectable()
export class WebhookUrlPolicy {
  constructor(private readonly settings: WebhookSettings) {}

  async check(paramName: string, url: string): Promise<void> {
    try {
      await checkWebhookUrl(url, this.settings.allowedHosts);
    } catch (error) {
      if (error instanceof RefusedAddress) throw ApiError.badRequest(`${paramName} is not allowed: it ${error.message}`);
      throw error;
    }
  }
}
