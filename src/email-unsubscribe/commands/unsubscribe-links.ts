import { Injectable } from '@nestjs/common';
import { confirmationKey } from '../../shared/confirmation-key';
import { listUnsubscribeHeaders, UnsubscribeKind } from '../domain/unsubscribe-kinds';
import { UnsubscribeTokenStore } from '../persistence/unsubscribe-token.store';

/** A one-click unsubscribe link, with the mail headers that carry it. */
export interface UnsubscribeLink {
  url: string;
  headers: Record<string, string>;
}

/**
 * Zulip's one_click_unsubscribe_link, for the modules that send mail: a new key for the
 * user and kind, written in the caller's transaction (with the mail), which never expires.
 */
@Injectable()
export class UnsubscribeLinks {
  constructor(private readonly tokens: UnsubscribeTokenStore) {}

  async create(userId: number, realmUrl: string, kind: UnsubscribeKind): Promise<UnsubscribeLink> {
    const token = confirmationKey();
    await this.tokens.insert(token, userId, kind);
    const url = `${realmUrl}/accounts/unsubscribe/${kind}/${token}`;
    return { url, headers: listUnsubscribeHeaders(url) };
  }
}
