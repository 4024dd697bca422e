import { Injectable, OnModuleInit } from '@nestjs/common';
import { OwnSettingParticipants } from '../../users/events/own-setting-participants';
import { DraftStore } from '../persistence/draft.store';

/**
 * Zulip deletes the stored drafts when their synchronization is turned off, in the
 * setting change's transaction; clients keep their local copies.
 */
@Injectable()
export class DraftsSettingParticipant implements OnModuleInit {
  constructor(
    private readonly participants: OwnSettingParticipants,
    private readonly store: DraftStore,
  ) {}

  onModuleInit(): void {
    this.participants.register(async (userId, name, value) => {
      if (name === 'enable_drafts_synchronization' && value === false) await this.store.deleteAllOf(userId);
    });
  }
}
