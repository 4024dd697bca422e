import { Injectable } from '@nestjs/common';

/** Work a module does when a user changes one of their own settings, inside that change's transaction. */
export type OwnSettingParticipant = (userId: number, name: string, value: unknown) => Promise<void>;

/**
 * The modules that take part in a user's own setting change, in its transaction, as
 * Zulip's `do_change_user_setting` does in one: drafts go when their synchronization is
 * turned off. Those modules sit above users (they use it), so users cannot call them:
 * they register here when the application starts (`onModuleInit`), and the change calls
 * each one for every setting it changes.
 */
@Injectable()
export class OwnSettingParticipants {
  private readonly participants: OwnSettingParticipant[] = [];

  register(participant: OwnSettingParticipant): void {
    this.participants.push(participant);
  }

  async changed(userId: number, name: string, value: unknown): Promise<void> {
    for (const participant of this.participants) await participant(userId, name, value);
  }
}
