import { randomBytes, randomInt } from 'node:crypto';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { CallSettings } from '../../platform/config/settings';
import { signObject } from '../domain/django-signing';

/** `GET /calls/bigbluebutton/create`: a join link for a new meeting, its creator the moderator. */
export class CreateBigBlueButtonCallQuery {
  constructor(readonly userId: number, readonly meetingName: string, readonly voiceOnly: boolean) {}
}

/**
 * Zulip's `get_bigbluebutton_url`: nothing is stored and the BigBlueButton server is not
 * asked; the link carries the meeting, signed so that a user cannot edit it into another
 * meeting on the same server. Zulip answers so whether BigBlueButton is configured or not
 * (its join step is what refuses), so this does too.
 */
@QueryHandler(CreateBigBlueButtonCallQuery)
export class CreateBigBlueButtonCallHandler implements IQueryHandler<CreateBigBlueButtonCallQuery, { url: string }> {
  /** Unconfigured, no one can open the link: a key of this process's own signs it. */
  private readonly secret: string;

  constructor(settings: CallSettings) {
    this.secret = settings.bigBlueButton?.secret ?? randomBytes(32).toString('hex');
  }

  execute({ userId, meetingName, voiceOnly }: CreateBigBlueButtonCallQuery): Promise<{ url: string }> {
    // Zulip's `"zulip-" + str(random.randint(100000000000, 999999999999))`: twelve digits.
    const meetingId = `zulip-${randomInt(100_000_000_000, 1_000_000_000_000)}`;
    // Zulip's key order: the signed text is the same bytes Zulip would sign.
    const signed = signObject(
      { meeting_id: meetingId, name: meetingName, lock_settings_disable_cam: voiceOnly, moderator: userId },
      this.secret,
    );
    return Promise.resolve({ url: `/calls/bigbluebutton/join?bigbluebutton=${signed}` });
  }
}
