import { ApiError } from '../../shared/api-error';
import { channelIdOf, directRecipientIdsOf, failedScheduledMessageNotice, futureDeliveryTime, recipientKind } from './scheduled-message-rules';

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    return (error as ApiError).msg;
  }
  throw new Error('expected a refusal');
}

describe('scheduled message rules', () => {
  it("reads `to` as Zulip's recipient_parsing does", () => {
    expect(channelIdOf('12')).toBe(12);
    expect(channelIdOf(' 7 ')).toBe(7);
    expect(refusal(() => channelIdOf('[12]'))).toBe('Invalid data type for channel ID');
    expect(refusal(() => channelIdOf('general'))).toBe('Invalid data type for channel ID');
    expect(directRecipientIdsOf('[3, 4, 3]')).toEqual([3, 4]);
    expect(refusal(() => directRecipientIdsOf('3'))).toBe('Invalid data type for recipients');
    expect(refusal(() => directRecipientIdsOf('a@b.c'))).toBe('Invalid data type for recipients');
    expect(refusal(() => directRecipientIdsOf('["a@b.c"]'))).toBe('Recipient list may only contain user IDs');
  });

  it('takes the API type names, old and new', () => {
    expect(['stream', 'channel', 'private', 'direct'].map(recipientKind)).toEqual(['stream', 'stream', 'private', 'private']);
    expect(refusal(() => recipientKind('letter'))).toBe('Invalid type');
  });

  it('refuses a time not in the future', () => {
    const now = 1_700_000_000_000;
    expect(futureDeliveryTime(1_700_000_001, now)).toEqual(new Date(1_700_000_001_000));
    expect(refusal(() => futureDeliveryTime(1_700_000_000, now))).toBe('Scheduled delivery time must be in the future.');
  });

  it("words the failure notice as Zulip's notification bot does", () => {
    expect(failedScheduledMessageNotice(new Date('2026-11-27T04:00:00Z'), 'Not authorized to send to channel \'x\'')).toBe(
      'The message you scheduled for <time:2026-11-27T04:00:00+00:00> was not sent because of the following error:\n\n' +
        '> Not authorized to send to channel \'x\'\n\n[View scheduled messages](#scheduled)\n\n',
    );
  });
});
