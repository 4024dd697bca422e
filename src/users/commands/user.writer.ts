import { Injectable } from '@nestjs/common';
import { SystemGroupWrites } from '../../groups/commands/system-group-writes';
import { RecipientType } from '../../shared/recipient-type';
import { ApiError } from '../../shared/api-error';
import { generateApiKey } from '../public/credentials';
import { USER_SETTING_DEFAULTS } from '../public/user-settings';
import { UserRow } from '../public/user-row';
import { RecipientStore } from '../persistence/recipient.store';
import { UserProfileStore } from '../persistence/user-profile.store';

export interface NewUser {
  realmId: number;
  email: string;
  fullName: string;
  role: number;
  /**
   * From `hashPassword`, computed before the transaction opens (hashing is slow on
   * purpose); null for accounts that sign in only with their API key.
   */
  passwordHash: string | null;
  isBot?: boolean;
  botType?: number | null;
  botOwnerId?: number | null;
  defaultSendingStreamId?: number | null;
  defaultEventsRegisterStreamId?: number | null;
  defaultAllPublicStreams?: boolean;
  /** Personal settings the user starts with (the realm's defaults for new users). */
  settings?: Record<string, unknown>;
  emailAddressVisibility?: number;
}

/**
 * Creates user rows with everything a user needs to exist: key, inbox, role groups. The
 * users module's write facade for user creation (admin's `UserCreation`, which adds the
 * inbox's subscription), called inside the creating command's transaction.
 */
@Injectable()
export class UserWriter {
  constructor(
    private readonly groups: SystemGroupWrites,
    private readonly profiles: UserProfileStore,
    private readonly recipients: RecipientStore,
  ) {}

  /** Inserts a user; a taken email answers Zulip's `EmailAlreadyInUseError`. */
  async insert(user: NewUser): Promise<UserRow> {
    const created = await this.profiles.insert({
      realmId: user.realmId,
      email: user.email,
      fullName: user.fullName,
      role: user.role,
      isBot: user.isBot ?? false,
      botType: user.botType ?? null,
      botOwnerId: user.botOwnerId ?? null,
      apiKey: generateApiKey(),
      passwordHash: user.passwordHash,
      emailAddressVisibility: user.emailAddressVisibility ?? USER_SETTING_DEFAULTS.email_address_visibility,
      defaultSendingStreamId: user.defaultSendingStreamId ?? null,
      defaultEventsRegisterStreamId: user.defaultEventsRegisterStreamId ?? null,
      defaultAllPublicStreams: user.defaultAllPublicStreams ?? false,
      settings: user.settings ?? {},
    });
    if (!created) throw ApiError.badRequest('Email is already in use.');
    const recipientId = await this.recipients.insert(RecipientType.Personal, created.id);
    await this.profiles.set(created.id, { recipientId });
    await this.groups.joinRoleGroups(user.realmId, created.id, user.role);
    created.recipientId = recipientId;
    return created;
  }
}
