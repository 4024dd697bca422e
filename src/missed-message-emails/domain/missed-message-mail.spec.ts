import { MissedMessage, missedMessageBuckets, missedMessageMail } from './missed-message-mail';
import { MISSED_MESSAGE_TEXTS } from './missed-message-texts';

function message(fields: Partial<MissedMessage>): MissedMessage {
  return {
    id: 1,
    recipientType: 1,
    recipientId: 10,
    streamId: null,
    streamName: null,
    topic: '',
    senderId: 2,
    senderName: 'Ann',
    content: 'hi',
    renderedContent: '<p>hi</p>',
    otherParticipants: [{ id: 2, fullName: 'Ann' }],
    trigger: 'private_message',
    ...fields,
  };
}

const realm = { name: 'Acme', url: 'http://acme.example', installationName: 'chat.example' };
const recipient = { email: 'me@acme.example', fullName: 'Me', showContent: true, realmNameInSubject: false };

describe('missed-message mail', () => {
  it('buckets one-to-one conversations by sender, channels by topic case-folded, least recent first', () => {
    const buckets = missedMessageBuckets([
      message({ id: 5, recipientType: 2, recipientId: 20, topic: 'Plans' }),
      message({ id: 1, senderId: 2 }),
      message({ id: 3, recipientType: 2, recipientId: 20, topic: 'plans' }),
      message({ id: 7, senderId: 3 }),
      message({ id: 2, senderId: 2 }),
    ]);
    expect(buckets.map((bucket) => bucket.map((entry) => entry.id))).toEqual([[1, 2], [3, 5], [7]]);
  });

  it('names the conversation in the subject as Zulip does', () => {
    expect(missedMessageMail([message({})], recipient, realm, 'u').subject).toBe('DMs with Ann');
    const group = message({
      recipientType: 3,
      otherParticipants: [{ id: 2, fullName: 'Zed' }, { id: 3, fullName: 'Bo' }, { id: 4, fullName: 'Cy' }, { id: 5, fullName: 'Di' }],
    });
    // Members in id order, not by name (Zulip's display_recipient).
    expect(missedMessageMail([group], recipient, realm, 'u').subject).toBe('Group DMs with Zed, Bo, and 2 others');
    const channel = message({ recipientType: 2, streamId: 7, streamName: 'design', topic: 'logo' });
    expect(missedMessageMail([channel], { ...recipient, realmNameInSubject: true }, realm, 'u').subject).toBe('#design > logo [Acme]');
    const resolved = message({ recipientType: 2, streamId: 7, streamName: 'design', topic: '✔ logo' });
    expect(missedMessageMail([resolved], recipient, realm, 'u').subject).toBe('[resolved] #design > logo');
    // Without content, no names either.
    expect(missedMessageMail([channel], { ...recipient, showContent: false, realmNameInSubject: true }, realm, 'u').subject).toBe('New messages [Acme]');
    expect(MISSED_MESSAGE_TEXTS.groupNames(['A', 'B', 'C'])).toBe('A, B, and C');
  });

  it('makes relative links whole, hides content when asked, and carries the unsubscribe headers', () => {
    const mail = missedMessageMail([message({ renderedContent: '<p><a href="/user_uploads/1/a.png">a</a></p>' })], recipient, realm, 'http://acme.example/u/k');
    expect(mail.html).toContain('href="http://acme.example/user_uploads/1/a.png"');
    expect(mail.fromName).toBe('chat.example notifications');
    expect(mail.headers).toEqual({ 'List-Unsubscribe': '<http://acme.example/u/k>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    const hidden = missedMessageMail([message({ content: 'secret' })], { ...recipient, showContent: false }, realm, 'u');
    expect(hidden.text).not.toContain('secret');
    expect(hidden.text).toContain(MISSED_MESSAGE_TEXTS.contentHidden);
  });

  it('escapes names in the HTML part', () => {
    const mail = missedMessageMail([message({ senderName: '<b>Eve</b>' })], recipient, realm, 'u');
    expect(mail.html).toContain('&lt;b&gt;Eve&lt;/b&gt;');
  });
});
