import { Injectable, OnModuleInit } from '@nestjs/common';
import { OwnSettingParticipants } from '../../users/events/own-setting-participants';
import { UserDirectory } from '../../users/queries/user-directory';
import { PresenceWriter } from '../commands/presence.writer';

/**
 * `presence_enabled` changed through `PATCH /settings`: Zulip's `do_change_user_setting`
 * rewrites the user's presence and tells the realm, in the setting change's transaction,
 * as the deprecated `away` of a status change does (PresenceWriter).
 */
@Injectable()
export class PresenceSettingParticipant implements OnModuleInit {
  constructor(
    private readonly participants: OwnSettingParticipants,
    private readonly users: UserDirectory,
    private readonly writer: PresenceWriter,
  ) {}

  onModuleInit(): void {
    this.participants.register(async (userId, name, value) => {
      if (name !== 'presence_enabled') return;
      const user = await this.users.findById(userId);
      if (user) await this.writer.presenceEnabledChanged(user, value === true, new Date());
    });
  }
}
