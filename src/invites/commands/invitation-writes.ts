import { Injectable } from '@nestjs/common';
import { InviteSettings, ServerSettings } from '../../platform/config/settings';
import { Database } from '../../platform/database/database';
import { RealmAddressing } from '../../realm/public/realm-addressing';
import { RealmDirectory } from '../../realm/queries/realm-directory';
import { UserDirectory } from '../../users/queries/user-directory';
import { DAILY_LIMIT_MESSAGE, dailyLimitReached, invitationFailed, joinUrl } from '../domain/invite-rules';
import { invitationMail } from '../domain/invitation-texts';
import { InvitesChangedEvent } from '../events/invite-events';
import { InvitationRow, InvitationStore } from '../persistence/invitation.store';
import { InvitationMailer } from './invitation-mailer';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What the invitation commands share inside their transaction (Zulip's actions/invites.py helpers). */
@Injectable()
export class InvitationWrites {
  constructor(
    private readonly store: InvitationStore,
    private readonly realms: RealmDirectory,
    private readonly users: UserDirectory,
    private readonly addressing: RealmAddressing,
    private readonly mailer: InvitationMailer,
    private readonly settings: InviteSettings,
    private readonly server: ServerSettings,
    private readonly database: Database,
  ) {}

  /**
   * Zulip's `check_invite_limit` with the realm locked (so concurrent invitations count
   * each other): refuses the whole request when `count` more would pass a daily limit.
   */
  async checkDailyLimit(realmId: number, count: number, now: Date): Promise<void> {
    // Zulip's `select_for_update` of the realm: one realm's invitations are counted one at a time.
    await this.realms.lock(realmId);
    const realm = await this.realms.requireById(realmId);
    const since = new Date(now.getTime() - DAY_MS);
    await this.store.forgetSendsBefore(realmId, since);
    const newRealmSince = new Date(now.getTime() - this.settings.newRealmDays * DAY_MS);
    const isNew = this.settings.newRealmsDailyMax > 0 && realm.dateCreated > newRealmSince;
    const state = {
      realmSentToday: await this.store.sentSince(realmId, since),
      realmDailyMax: this.settings.realmDailyMax,
      newRealmsSentToday: isNew ? await this.store.sentByNewRealmsSince(newRealmSince, since) : null,
      newRealmsDailyMax: this.settings.newRealmsDailyMax,
    };
    if (dailyLimitReached(state, count)) throw invitationFailed(DAILY_LIMIT_MESSAGE, [], false, true);
  }

  /** Zulip's `do_send_user_invite_email`: counts the email and queues it, to go after the commit. */
  async sendEmail(invitation: InvitationRow, now: Date): Promise<void> {
    if (invitation.email === null || invitation.referredById === null) return;
    const realm = await this.realms.requireById(invitation.realmId);
    const referrer = await this.users.findById(invitation.referredById);
    if (!referrer) return;
    await this.store.recordSends(invitation.realmId, 1, now);
    await this.mailer.queue(
      invitation.email,
      invitationMail({
        referrerFullName: referrer.fullName,
        referrerEmail: referrer.deliveryEmail,
        realmName: realm.name,
        activateUrl: this.linkOf(realm.stringId, invitation.confirmationKey),
        supportEmail: this.server.ownerEmail,
      }),
    );
  }

  linkOf(subdomain: string, key: string): string {
    return joinUrl(this.addressing.url(subdomain), key);
  }

  /** Zulip's `notify_invites_changed`: the realm's administrators, and the changed invitations' makers. */
  async notifyChanged(realmId: number, referrerIds: number | null | readonly (number | null)[]): Promise<void> {
    const userIds = await this.users.administratorIds(realmId);
    for (const referrerId of Array.isArray(referrerIds) ? referrerIds : [referrerIds]) {
      if (referrerId !== null && !userIds.includes(referrerId)) userIds.push(referrerId);
    }
    this.database.record(new InvitesChangedEvent(realmId, userIds));
  }
}
