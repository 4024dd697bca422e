/**
 * Zulip 10.2's Jira webhook cases (zerver/webhooks/jira/tests.py), run on the fixtures
 * beside this file, plus payloads Zulip refuses. The realm's users are Zulip's test realm
 * as far as these payloads name them: Othello is `othello@zulip.com`, nobody is
 * `leo@zulip.com`, `kolaszek@go2.pl` or the Atlassian accounts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  IncomingWebhookCall,
  IncomingWebhookOutcome,
  MalformedWebhookPayload,
  WebhookRealmUser,
} from '../../integration';
import { jiraIntegration } from './jira';

const REALM_USERS: readonly WebhookRealmUser[] = [
  { id: 8, fullName: 'Iago', email: 'iago@zulip.com', deliveryEmail: 'iago@zulip.com', isActive: true },
  { id: 10, fullName: 'King Hamlet', email: 'hamlet@zulip.com', deliveryEmail: 'hamlet@zulip.com', isActive: true },
  {
    id: 12,
    fullName: 'Othello, the Moor of Venice',
    email: 'othello@zulip.com',
    deliveryEmail: 'othello@zulip.com',
    isActive: true,
  },
  { id: 9, fullName: "Cordelia, Lear's daughter", email: 'cordelia@zulip.com', deliveryEmail: 'cordelia@zulip.com', isActive: true },
];

function fixture(name: string): unknown {
  return JSON.parse(readFileSync(join(__dirname, 'fixtures', `${name}.json`), 'utf8')) as unknown;
}

function call(body: unknown, realmUsers: readonly WebhookRealmUser[] = REALM_USERS): IncomingWebhookCall {
  return { body, headers: {}, params: {}, realmUsers };
}

function handle(body: unknown, realmUsers?: readonly WebhookRealmUser[]): IncomingWebhookOutcome {
  return jiraIntegration.handle(call(body, realmUsers));
}

/** Zulip's `check_webhook`: one message with this topic and content. */
function expectMessage(fixtureName: string, topic: string, content: string): void {
  const outcome = handle(fixture(fixtureName));
  expect(outcome).toEqual({ kind: 'messages', eventType: expect.any(String), messages: [{ topic, content }] });
}

const CREATED = `Leo Franchi created [BUG-15: New bug with hook](http://lfranchi.com:8080/browse/BUG-15):

* **Priority**: Major
* **Assignee**: no one`;

const COMMENTED = `Leo Franchi commented on [BUG-15: New bug with hook](http://lfranchi.com:8080/browse/BUG-15) (assigned to **Othello, the Moor of Venice**):

\`\`\` quote
Adding a comment. Oh, what a comment it is!
\`\`\``;

describe('Jira integration (Zulip 10.2 tests.py)', () => {
  it('test_custom_channel: created_v2', () => {
    expectMessage('created_v2', 'BUG-15: New bug with hook', CREATED);
  });

  it('test_created: created_v1 and created_v2, named jira:issue_created', () => {
    expectMessage('created_v1', 'BUG-15: New bug with hook', CREATED);
    expectMessage('created_v2', 'BUG-15: New bug with hook', CREATED);
    expect(handle(fixture('created_v1'))).toMatchObject({ eventType: 'jira:issue_created' });
  });

  it('test_ignored_events: accepted and not posted', () => {
    for (const webhookEvent of [
      'attachment_created',
      'issuelink_created',
      'issuelink_deleted',
      'jira:version_released',
      'jira:worklog_updated',
      'sprint_closed',
      'sprint_started',
      'worklog_created',
      'worklog_updated',
    ]) {
      expect(handle({ webhookEvent })).toEqual({ kind: 'ignored' });
    }
  });

  it('test_created_with_channel/topic_with_spaces_(double_)escaped: the URL parameters are unquoted again', () => {
    expect(jiraIntegration.unquotesUrlParameters).toBe(true);
    expectMessage('created_v1', 'BUG-15: New bug with hook', CREATED);
  });

  it('test_created_with_unicode', () => {
    const content = `Leo Franchià created [BUG-15: New bug with à hook](http://lfranchi.com:8080/browse/BUG-15):

* **Priority**: Major
* **Assignee**: no one`;
    expectMessage('created_with_unicode_v1', 'BUG-15: New bug with à hook', content);
    expectMessage('created_with_unicode_v2', 'BUG-15: New bug with à hook', content);
  });

  it('test_created_assignee', () => {
    const content = `Leonardo Franchi [Administrator] created [TEST-4: Test Created Assignee](https://zulipp.atlassian.net/browse/TEST-4):

* **Priority**: Major
* **Assignee**: Leonardo Franchi [Administrator]`;
    expectMessage('created_assignee_v1', 'TEST-4: Test Created Assignee', content);
    expectMessage('created_assignee_v2', 'TEST-4: Test Created Assignee', content);
  });

  it('test_commented', () => {
    expectMessage('commented_v1', 'BUG-15: New bug with hook', COMMENTED);
    expectMessage('commented_v2', 'BUG-15: New bug with hook', COMMENTED);
  });

  it('test_commented_with_two_full_links', () => {
    expectMessage(
      'commented_v2_with_two_full_links',
      'BUG-15: New bug with hook',
      `Leo Franchi commented on [BUG-15: New bug with hook](http://lfranchi.com:8080/browse/BUG-15) (assigned to **Othello, the Moor of Venice**):

\`\`\` quote
This is the [first link](https://google.com) and this is the [second link](https://google.com) and this is the end.
\`\`\``,
    );
  });

  it('test_comment_edited', () => {
    expectMessage(
      'comment_edited_v2',
      'BUG-15: New bug with hook',
      COMMENTED.replace('Leo Franchi commented on', 'Leo Franchi edited a comment on'),
    );
  });

  it('test_comment_deleted: the unknown assignee is named by address', () => {
    expectMessage(
      'comment_deleted_v2',
      'TOM-1: New Issue',
      'Tomasz Kolek deleted a comment from [TOM-1: New Issue](https://zuliptomek.atlassian.net/browse/TOM-1) (assigned to **kolaszek@go2.pl**).',
    );
  });

  it('test_commented_markup: Jira markup becomes Markdown', () => {
    const content =
      'Leonardo Franchi [Administrator] commented on [TEST-7: Testing of rich text](https://zulipp.atlassian.net/browse/TEST-7):\n\n``` quote\nThis is a comment that likes to **exercise** a lot of _different_ `conventions` that `jira uses`.\r\n\r\n~~~\n\r\nthis code is not highlighted, but monospaced\r\n\n~~~\r\n\r\n~~~\n\r\ndef python():\r\n    print "likes to be formatted"\r\n\n~~~\r\n\r\n[http://www.google.com](http://www.google.com) is a bare link, and [Google](http://www.google.com) is given a title.\r\n\r\nThanks!\r\n\r\n~~~ quote\n\r\nSomeone said somewhere\r\n\n~~~\n```';
    expectMessage('commented_markup_v1', 'TEST-7: Testing of rich text', content);
    expectMessage('commented_markup_v2', 'TEST-7: Testing of rich text', content);
  });

  it('test_deleted', () => {
    const content = 'Leo Franchi deleted [BUG-15: New bug with hook](http://lfranchi.com:8080/browse/BUG-15).';
    expectMessage('deleted_v1', 'BUG-15: New bug with hook', content);
    expectMessage('deleted_v2', 'BUG-15: New bug with hook', content);
  });

  it('test_reassigned', () => {
    const content = `Leo Franchi updated [BUG-15: New bug with hook](http://lfranchi.com:8080/browse/BUG-15) (assigned to **Othello, the Moor of Venice**):

* Changed assignee to **Othello, the Moor of Venice**`;
    expectMessage('reassigned_v1', 'BUG-15: New bug with hook', content);
    expectMessage('reassigned_v2', 'BUG-15: New bug with hook', content);
  });

  it('test_priority_updated', () => {
    const content = `Leonardo Franchi [Administrator] updated [TEST-1: Fix That](https://zulipp.atlassian.net/browse/TEST-1) (assigned to **leo@zulip.com**):

* Changed priority from **Critical** to **Major**`;
    expectMessage('updated_priority_v1', 'TEST-1: Fix That', content);
    expectMessage('updated_priority_v2', 'TEST-1: Fix That', content);
  });

  it('test_status_changed: a transition without webhookEvent is an update', () => {
    const content = `Leonardo Franchi [Administrator] updated [TEST-1: Fix That](https://zulipp.atlassian.net/browse/TEST-1):

* Changed status from **To Do** to **In Progress**`;
    expectMessage('change_status_v1', 'TEST-1: Fix That', content);
    expectMessage('change_status_v2', 'TEST-1: Fix That', content);
    expect(handle(fixture('change_status_v1'))).toMatchObject({ eventType: 'jira:issue_updated' });
  });

  it('test_comment_event_comment_created', () => {
    expectMessage(
      'comment_created',
      'SP-1: Add support for newer format Jira issue comment events',
      'Hemanth V. Alluri commented on [SP-1: Add support for newer format Jira issue comment events](https://f20171170.atlassian.net/browse/SP-1)\n``` quote\nSounds like it’s pretty important. I’ll get this fixed ASAP!\n```',
    );
  });

  it('test_comment_event_comment_created_no_issue_details', () => {
    expectMessage(
      'comment_created_no_issue_details',
      '10000: Upgrade Jira to get the issue title here.',
      'Hemanth V. Alluri commented on 10000: Upgrade Jira to get the issue title here.\n``` quote\nSounds like it’s pretty important. I’ll get this fixed ASAP!\n```',
    );
  });

  it('test_comment_event_comment_edited', () => {
    expectMessage(
      'comment_updated',
      'SP-1: Add support for newer format Jira issue comment events',
      'Hemanth V. Alluri updated their comment on [SP-1: Add support for newer format Jira issue comment events](https://f20171170.atlassian.net/browse/SP-1)\n``` quote\nThis is a very important issue! I’m on it!\n```',
    );
  });

  it('test_comment_event_comment_deleted', () => {
    expectMessage(
      'comment_deleted',
      'SP-1: Add support for newer format Jira issue comment events',
      'Hemanth V. Alluri deleted their comment on [SP-1: Add support for newer format Jira issue comment events](https://f20171170.atlassian.net/browse/SP-1)\n``` quote\n~~This is a very important issue! I’m on it!~~\n```',
    );
  });

  it('test_anomalous_webhook_payload_error', () => {
    expect(() => handle(fixture('example_anomalous_payload'))).toThrow(
      new MalformedWebhookPayload('Unable to parse request: Did Jira generate this event?'),
    );
  });
});

describe('Jira integration: users, events and malformed payloads', () => {
  it('names the events only_events can filter and asks for the realm users', () => {
    expect(jiraIntegration.allEventTypes).toEqual([
      'jira:issue_created',
      'jira:issue_deleted',
      'jira:issue_updated',
      'comment_created',
      'comment_updated',
      'comment_deleted',
    ]);
    expect(jiraIntegration.needsRealmUsers).toBe(true);
  });

  it('writes the assignee address when the realm users are not given', () => {
    const outcome = jiraIntegration.handle({ body: fixture('commented_v1'), headers: {}, params: {} });
    expect(outcome).toMatchObject({ messages: [{ content: COMMENTED.replace('Othello, the Moor of Venice', 'othello@zulip.com') }] });
  });

  it('turns [~name] mentions into the matching user, else the Jira name, in bold', () => {
    const body = fixture('commented_v2') as { comment: { body: string } };
    body.comment.body = 'Ping [~othello] and [~nobody]: [~othello]!';
    const outcome = handle(body);
    expect(outcome).toMatchObject({
      messages: [{ content: expect.stringContaining('Ping **Othello, the Moor of Venice** and **nobody**: **Othello, the Moor of Venice**!') }],
    });
  });

  it('matches users as Zulip does: mentions only active users, the oldest first; assignees by real address', () => {
    const users: readonly WebhookRealmUser[] = [
      { id: 30, fullName: 'Desdemona', email: 'user30@example.test', deliveryEmail: 'DESDEMONA@zulip.com', isActive: false },
      { id: 21, fullName: 'Othello Two', email: 'othello2@zulip.com', deliveryEmail: 'othello2@zulip.com', isActive: true },
      { id: 20, fullName: 'Othello One', email: 'othello1@zulip.com', deliveryEmail: 'othello1@zulip.com', isActive: true },
    ];
    const body = fixture('commented_v2') as { comment: { body: string }; issue: { fields: { assignee: { emailAddress: string } } } };
    body.comment.body = '[~OTHELLO] [~desdemona]';
    body.issue.fields.assignee.emailAddress = ' desdemona@ZULIP.com ';
    expect(handle(body, users)).toMatchObject({
      messages: [
        {
          content: expect.stringMatching(/\(assigned to \*\*Desdemona\*\*\):\n\n``` quote\n\*\*Othello One\*\* \*\*desdemona\*\*\n```$/),
        },
      ],
    });
  });

  it('reports an event it does not know as unsupported', () => {
    expect(handle({ ...(fixture('commented_v1') as object), webhookEvent: 'jira:issue_unknown' })).toEqual({
      kind: 'unsupported',
      eventType: 'jira:issue_unknown',
    });
  });

  it('refuses payloads of the wrong shape with MalformedWebhookPayload', () => {
    const malformed: unknown[] = [
      null,
      [],
      'text',
      { webhookEvent: 7 },
      { webhookEvent: 'jira:issue_created', issue: { key: 'X-1' }, user: { displayName: 3 } },
      { webhookEvent: 'jira:issue_created', issue: { key: 'X-1', fields: { summary: ['list'] } } },
      { webhookEvent: 'jira:issue_updated', issue: { key: 'X-1' }, issue_event_type_name: null },
      { webhookEvent: 'jira:issue_updated', issue: { key: 'X-1' }, changelog: { items: 'nope' } },
      { webhookEvent: 'jira:issue_updated', issue: { key: 'X-1' }, changelog: { items: [{ field: 5 }] } },
      { webhookEvent: 'jira:issue_deleted', issue: { key: 'X-1', fields: { summary: '' } } },
      { webhookEvent: 'comment_created' },
      { webhookEvent: 'comment_created', comment: { self: 'short' } },
      { webhookEvent: 'comment_created', issue: {}, comment: { author: {}, body: 'x' } },
    ];
    for (const body of malformed) {
      expect(() => handle(body)).toThrow(MalformedWebhookPayload);
    }
  });

  it.each([
    ['a comment event without its comment', { webhookEvent: 'comment_created' }, "payload['comment'] is missing"],
    ['an event type name that is null', { webhookEvent: 'jira:issue_updated', issue: { key: 'X-1' }, issue_event_type_name: null }, "payload['issue_event_type_name'] is not a string"],
    ['changelog items that are no list', { webhookEvent: 'jira:issue_updated', issue: { key: 'X-1' }, changelog: { items: 'nope' } }, "payload['changelog']['items'] is not a list"],
  ])('names the field of %s by its path, as Zulip does', (_case, body, message) => {
    expect(() => handle(body)).toThrow(new MalformedWebhookPayload(message));
  });
});
