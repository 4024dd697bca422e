import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { IncomingWebhookCall, IncomingWebhookOutcome, MalformedWebhookPayload } from '../../integration';
import { slackIncomingIntegration } from './slack-incoming.integration';

/**
 * Zulip 10.2's zerver/webhooks/slack_incoming/tests.py, every case, with its fixtures (the
 * expected topics and messages are that file's).
 */
const FIXTURES = join(__dirname, 'fixtures');
const JSON_HEADERS = { 'content-type': 'application/json' };

function jsonCall(name: string, params: Record<string, string> = {}): IncomingWebhookCall {
  const rawBody = readFileSync(join(FIXTURES, `${name}.json`), 'utf8');
  return { body: JSON.parse(rawBody) as unknown, rawBody, headers: JSON_HEADERS, params };
}

function check(name: string, topic: string, content: string): void {
  expect(slackIncomingIntegration.handle(jsonCall(name))).toEqual<IncomingWebhookOutcome>({
    kind: 'messages',
    eventType: null,
    messages: [{ topic, content }],
  });
}

describe('Slack-compatible incoming webhook (Zulip\'s slack_incoming)', () => {
  it('test_message', () => {
    check('text', '(no topic)', 'Hello, world.');
  });

  it('test_message_formatting', () => {
    const cases: Array<[string, string]> = [
      ['some *foo* word', 'some **foo** word'],
      ['*foo*', '**foo**'],
      ['*foo* *bar*', '**foo** **bar**'],
      ['*foo*a*bar*', '*foo*a*bar*'],
      ['some _foo_ word', 'some *foo* word'],
    ];
    for (const [input, output] of cases) {
      const outcome = slackIncomingIntegration.handle({ body: { text: input }, headers: JSON_HEADERS, params: {} });
      expect(outcome).toEqual({ kind: 'messages', eventType: null, messages: [{ topic: '(no topic)', content: output }] });
    }
  });

  it('test_null_message', () => {
    expect(slackIncomingIntegration.handle(jsonCall('null_text'))).toEqual({ kind: 'ignored' });
  });

  it('test_message_as_www_urlencoded', () => {
    const raw = readFileSync(join(FIXTURES, 'urlencoded_text.txt'), 'utf8').trim();
    const form = Object.fromEntries(new URLSearchParams(raw));
    const outcome = slackIncomingIntegration.handle({
      body: form, rawBody: raw, headers: { 'content-type': 'application/x-www-form-urlencoded' }, params: {},
    });
    expect(outcome).toEqual({
      kind: 'messages',
      eventType: null,
      messages: [{ topic: 'devops', content: ':zap: chris has started deploying project tag v0.0.2rc10 to staging' }],
    });
  });

  it('test_message_without_payload', () => {
    expect(() => slackIncomingIntegration.handle({ body: {}, headers: {}, params: {} }))
      .toThrow(new MalformedWebhookPayload("Missing 'payload' argument"));
  });

  it('test_message_with_actions', () => {
    check('actions', 'C1H9RESGL', `
Danny Torrence left the following *review* for your property:

[Overlook Hotel](https://google.com) \\n :star: \\n Doors had too many axe holes, guest in room 237 was far too rowdy, whole place felt stuck in the 1920s.

[Haunted hotel image](https://is5-ssl.mzstatic.com/image/thumb/Purple3/v4/d3/72/5c/d3725c8f-c642-5d69-1904-aa36e4297885/source/256x256bb.jpg)

**Average Rating**
1.0
`.trim().replaceAll('\\n', '\n'));
  });

  it('test_message_with_blocks', () => {
    check('blocks', '(no topic)', `
Danny Torrence left the following review for your property:

[Overlook Hotel](https://example.com) \\n :star: \\n Doors had too many axe holes, guest in room 237 was far too rowdy, whole place felt stuck in the 1920s.

[Haunted hotel image](https://is5-ssl.mzstatic.com/image/thumb/Purple3/v4/d3/72/5c/d3725c8f-c642-5d69-1904-aa36e4297885/source/256x256bb.jpg)

**Average Rating**
1.0
`.trim().replaceAll('\\n', '\n'));
  });

  it('test_message_with_attachment', () => {
    check('attachment', 'prometheus-alerts', `
## [[FIRING:2] InstanceDown for api-server (env="prod", severity="critical")](https://alertmanager.local//#/alerts?receiver=default)

:chart_with_upwards_trend: **[Graph](http://generator.local/1)**   :notebook: **[Runbook](https://runbook.local/1)**

**Alert details**:
**Alert:** api-server down - \`critical\`
**Description:** api-server at 1.2.3.4:8080 couldn't be scraped **Details:**
   • **alertname:** \`InstanceDown\`
   • **env:** \`prod\`
   • **instance:** \`1.2.3.4:8080\`
   • **job:** \`api-server\`
   • **severity:** \`critical\`

**Alert:** api-server down - \`critical\`
**Description:** api-server at 1.2.3.4:8081 couldn't be scraped **Details:**
   • **alertname:** \`InstanceDown\`
   • **env:** \`prod\`
   • **instance:** \`1.2.3.4:8081\`
   • **job:** \`api-server\`
   • **severity:** \`critical\`
`.trim());
  });

  it('test_complicated', () => {
    check('complicated', '(no topic)', `
## Hello from TaskBot

Hey there 👋 I'm TaskBot. I'm here to help you create and manage tasks in Slack.
There are two ways to quickly create tasks:

**1️⃣ Use the \`/task\` command**. Type \`/task\` followed by a short description of your tasks and I'll ask for a due date (if applicable). Try it out by using the \`/task\` command in this channel.

**2️⃣ Use the *Create a Task* action.** If you want to create a task from a message, select \`Create a Task\` in a message's context menu. Try it out by selecting the *Create a Task* action for this message (shown below).

[image1](https://api.slack.com/img/blocks/bkb_template_images/onboardingComplex.jpg)

➕ To start tracking your team's tasks, **add me to a channel** and I'll introduce myself. I'm usually added to a team or project channel. Type \`/invite @TaskBot\` from the channel or pick a channel on the right.

----

[cute cat](https://pbs.twimg.com/profile_images/625633822235693056/lNGUneLX_400x400.jpg)

👀 View all tasks with \`/task list\`

❓Get help at any time with:
- \`/task help\`, or
- type **help** in a DM with me
        `.trim());
  });

  it('test_attachment_blocks', () => {
    check('attachment_blocks', '(no topic)', `
This is a section block with an accessory image.

[cute cat](https://pbs.twimg.com/profile_images/625633822235693056/lNGUneLX_400x400.jpg)

This is a section block with a button.

| | |
|-|-|
| one | two |
| three | four |
| five |  |
        `.trim());
  });

  it('test_attachment_fields', () => {
    check('attachment_fields', '(no topic)', `
Build bla bla succeeded

**Requested by**: Some user
**Duration**: 00:02:03
**Build pipeline**: ConsumerAddressModule
**Title with null value**
**Title without value**
Value with null title
Value without title
        `.trim());
  });

  it('test_attachment_pieces', () => {
    check('attachment_pieces', '(no topic)', `
## Test

[](https://pbs.twimg.com/profile_images/625633822235693056/lNGUneLX_400x400.jpg)

<time:1655945306>
        `.trim());
  });

  it('test_attachment_pieces_title_null', () => {
    check('attachment_pieces_title_null', '(no topic)', `
Sample pretext.

Sample text.

[](https://pbs.twimg.com/profile_images/625633822235693056/lNGUneLX_400x400.jpg)

Sample footer.

<time:1655945306>
        `.trim());
  });

  it('test_attachment_pieces_image_url_null', () => {
    check('attachment_pieces_image_url_null', '(no topic)', `
## [Sample title.](https://www.google.com)

Sample pretext.

Sample text.

Sample footer.

<time:1655945306>
        `.trim());
  });

  it('test_attachment_pieces_ts_null', () => {
    check('attachment_pieces_ts_null', '(no topic)', `
## [Sample title.](https://www.google.com)

Sample pretext.

Sample text.

[](https://pbs.twimg.com/profile_images/625633822235693056/lNGUneLX_400x400.jpg)

Sample footer.
        `.trim());
  });

  it('test_attachment_pieces_text_null', () => {
    check('attachment_pieces_text_null', '(no topic)', `
## [Sample title.](https://www.google.com)

Sample pretext.

[](https://pbs.twimg.com/profile_images/625633822235693056/lNGUneLX_400x400.jpg)

Sample footer.

<time:1655945306>
        `.trim());
  });

  it('test_attachment_pieces_pretext_null', () => {
    check('attachment_pieces_pretext_null', '(no topic)', `
## [Sample title.](https://www.google.com)

Sample text.

[](https://pbs.twimg.com/profile_images/625633822235693056/lNGUneLX_400x400.jpg)

Sample footer.

<time:1655945306>
        `.trim());
  });

  it('test_attachment_pieces_footer_null', () => {
    check('attachment_pieces_footer_null', '(no topic)', `
## [Sample title.](https://www.google.com)

Sample pretext.

Sample text.

[](https://pbs.twimg.com/profile_images/625633822235693056/lNGUneLX_400x400.jpg)

<time:1655945306>
        `.trim());
  });

  it('test_attachment_pieces_title_link_null', () => {
    check('attachment_pieces_title_link_null', '(no topic)', `
## Sample title.

Sample pretext.

Sample text.

[](https://pbs.twimg.com/profile_images/625633822235693056/lNGUneLX_400x400.jpg)

Sample footer.

<time:1655945306>
        `.trim());
  });

  it('test_attachment_pieces_all_null', () => {
    expect(slackIncomingIntegration.handle(jsonCall('attachment_pieces_all_null'))).toEqual({ kind: 'ignored' });
  });

  it('takes the URL\'s topic over the payload\'s channel', () => {
    const outcome = slackIncomingIntegration.handle(jsonCall('attachment', { topic: 'alerts' }));
    expect(outcome.kind === 'messages' && outcome.messages[0].topic).toBe('alerts');
  });

  it('refuses payloads of the wrong shape with the field named', () => {
    const cases: Array<[unknown, string]> = [
      [[1], 'payload is not a dict'],
      [{ channel: 5, text: 'x' }, 'payload["channel"] is not a string'],
      [{ blocks: 'x' }, 'payload["blocks"] is not a list'],
      [{ blocks: [{ type: 'carousel' }] }, 'Invalid payload["blocks"][0]["type"]'],
      [{ blocks: [{ type: 'image', image_url: 'javascript:alert(1)', alt_text: 'x' }] }, 'payload["blocks"][0]["image_url"] is not a URL'],
      [{ attachments: [{ ts: 1.5 }] }, 'payload["attachments"][0]["ts"] is not an integer'],
      [{ attachments: [{ fields: null }] }, 'payload["attachments"][0]["fields"] is not a list'],
    ];
    for (const [body, message] of cases) {
      expect(() => slackIncomingIntegration.handle({ body, headers: JSON_HEADERS, params: {} })).toThrow(new MalformedWebhookPayload(message));
    }
    expect(() => slackIncomingIntegration.handle({ body: { payload: '{' }, headers: {}, params: {} })).toThrow(new MalformedWebhookPayload('Malformed JSON'));
  });
});
