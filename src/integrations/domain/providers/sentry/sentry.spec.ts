/**
 * Zulip 10.2's Sentry webhook cases (zerver/webhooks/sentry/tests.py), run on the fixtures
 * beside this file, plus payloads Zulip refuses.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { IncomingWebhookOutcome, MalformedWebhookPayload } from '../../integration';
import { isoFromUnixSeconds } from './legacy-payload';
import { sentryIntegration } from './sentry';

function fixture(name: string): unknown {
  return JSON.parse(readFileSync(join(__dirname, 'fixtures', `${name}.json`), 'utf8')) as unknown;
}

function handle(body: unknown): IncomingWebhookOutcome {
  return sentryIntegration.handle({ body, headers: {}, params: {} });
}

/** Zulip's `check_webhook`: one message with this topic and content. */
function expectMessage(fixtureName: string, topic: string, content: string): void {
  expect(handle(fixture(fixtureName))).toEqual({ kind: 'messages', eventType: null, messages: [{ topic, content }] });
}

describe('Sentry integration (Zulip 10.2 tests.py)', () => {
  it('test_event_for_exception_golang', () => {
    expectMessage(
      'event_for_exception_golang',
      '*url.Error: Get "bad_url": unsupported protocol scheme ""',
      `**New exception:** [*url.Error: Get "bad_url": unsupported protocol scheme ""](https://sentry.io/organizations/hypro999-personal-organization/issues/1637164584/events/80777a9cc30e4d0eb8904333d5c298b0/)
\`\`\`quote
**level:** error
**timestamp:** 2020-04-29 11:23:45
**filename:** trigger-exception.go
\`\`\`

Traceback:
\`\`\`go
         // Set the timeout to the maximum duration the program can afford to wait.
         defer sentry.Flush(2 * time.Second)

         resp, err := http.Get(os.Args[1])
         if err != nil {
--->         sentry.CaptureException(err)
             log.Printf("reported to Sentry: %s", err)
             return
         }
         defer resp.Body.Close()

\`\`\``,
    );
  });

  it('test_event_for_exception_node: the innermost frame of the blamed file', () => {
    expectMessage(
      'event_for_exception_node',
      'Error: Sample error from node.',
      `**New exception:** [Error: Sample error from node.](https://sentry.io/organizations/hypro999-personal-organization/issues/1638852747/events/f9cb0f2afff74a5aa92e766fb7ac3fe3/)
\`\`\`quote
**level:** error
**timestamp:** 2020-04-30 06:19:33
**filename:** /home/hemanth/Desktop/sentry/trigger-exception.js
\`\`\`

Traceback:
\`\`\`javascript
       dsn: 'https://redacted.ingest.sentry.io/5216640',
     });

     Sentry.withScope(function(scope) {
       scope.addEventProcessor(function(event, hint) {
         return event;
       });
--->   Sentry.captureException(new Error('Sample error from node.'));
     });


\`\`\``,
    );
  });

  it('test_event_for_exception_python', () => {
    expectMessage(
      'event_for_exception_python',
      'Exception: Custom exception!',
      `**New exception:** [Exception: Custom exception!](https://sentry.io/organizations/hypro999-personal-organization/issues/1635244907/events/599349254a1447a99774b5310711c1a8/)
\`\`\`quote
**level:** error
**timestamp:** 2020-04-28 13:56:05
**filename:** trigger-exception.py
\`\`\`

Traceback:
\`\`\`python3


     if __name__ == "__main__":
         sentry_sdk.init(dsn=SECRET_DSN)
         try:
--->         raise Exception("Custom exception!")
         except Exception as e:
             sentry_sdk.capture_exception(e)

\`\`\``,
    );
  });

  it('test_event_for_exception_rails', () => {
    expectMessage(
      'event_for_exception_rails',
      'ZeroDivisionError: divided by 0',
      `**New exception:** [ZeroDivisionError: divided by 0](https://sentry.io/organizations/nitk-46/issues/4213933362/events/49b528e13e45497ab9adc3173fd2ed34/)
\`\`\`quote
**level:** error
**timestamp:** 2023-05-29 10:12:33
**filename:** app/controllers/articles_controller.rb
\`\`\`

Traceback:
\`\`\`ruby
     class ArticlesController < ApplicationController

       def index

         begin

--->       132312 / 0

         rescue ZeroDivisionError => exception

           Sentry.capture_exception(exception)

         end

\`\`\``,
    );
  });

  it('test_event_for_exception_vue: a long title is cut to 60 characters in the topic', () => {
    expectMessage(
      'event_for_exception_vue',
      "TypeError: Cannot read properties of null (reading 'inser...",
      `**New exception:** [TypeError: Cannot read properties of null (reading 'insertBefore')](https://sentry.io/organizations/nitk-46/issues/4214010673/events/292f78454e774e62999506f759ad791d/)
\`\`\`quote
**level:** error
**timestamp:** 2023-05-29 11:08:30
**filename:** /node_modules/.vite/deps/chunk-G4DFXOZZ.js
\`\`\``,
    );
  });

  it('test_webhook_event_for_exception_python: a plain webhook, its link and time derived', () => {
    expectMessage(
      'webhook_event_for_exception_python',
      'ValueError: new sentry error.',
      `**New exception:** [ValueError: new sentry error.](https://sentry.io/organizations/bar-foundation/issues/1972208801/events/c916dccfd58e41dcabaebef0091f0736/)
\`\`\`quote
**level:** error
**timestamp:** 2020-10-21 23:25:11
**filename:** trigger-exception.py
\`\`\`

Traceback:
\`\`\`python3


     if __name__ == "__main__":
         sentry_sdk.init(dsn=DSN_SECRET)
         try:
--->         raise ValueError("new sentry error.")
         except Exception as e:
             sentry_sdk.capture_exception(e)
\`\`\``,
    );
  });

  it('test_webhook_event_for_exception_javascript: no filename is written None', () => {
    expectMessage(
      'webhook_event_for_exception_javascript',
      'TypeError: can\'t access property "bar", x.foo is undefined',
      `**New exception:** [TypeError: can't access property "bar", x.foo is undefined](https://sentry.io/organizations/foo-bar-org/issues/1982047746/events/f3bf5fc4e354451db9e885a69b2a2b51/)
\`\`\`quote
**level:** error
**timestamp:** 2020-10-26 16:39:54
**filename:** None
\`\`\``,
    );
  });

  it('test_event_for_exception_js: no source line, no traceback', () => {
    expectMessage(
      'event_for_exception_js',
      'Error: Something external broke.',
      `**New exception:** [Error: Something external broke.](https://sentry.io/organizations/hypro999-personal-organization/issues/1731239773/events/355c3b2a142046629dd410db2fdda003/)
\`\`\`quote
**level:** error
**timestamp:** 2020-06-17 14:42:54
**filename:** /mnt/data/Documents/Stuff%20for%20Zulip/Repos/sentry/js/external.js
\`\`\``,
    );
  });

  it('test_event_for_message_golang', () => {
    expectMessage(
      'event_for_message_golang',
      'A test message event from golang.',
      `**New message event:** [A test message event from golang.](https://sentry.io/organizations/hypro999-personal-organization/issues/1638844654/events/01ecb45633bc4f5ca940ada671124c8f/)
\`\`\`quote
**level:** info
**timestamp:** 2020-04-30 06:14:13
\`\`\``,
    );
  });

  it('test_event_for_message_node', () => {
    expectMessage(
      'event_for_message_node',
      'Test event from node.',
      `**New message event:** [Test event from node.](https://sentry.io/organizations/hypro999-personal-organization/issues/1638840427/events/6886bb1fe7ce4497b7836f6083d5fd34/)
\`\`\`quote
**level:** info
**timestamp:** 2020-04-30 06:09:56
\`\`\``,
    );
  });

  it('test_event_for_message_python', () => {
    expectMessage(
      'event_for_message_python',
      'A simple message-based issue.',
      `**New message event:** [A simple message-based issue.](https://sentry.io/organizations/hypro999-personal-organization/issues/1635261062/events/8da63b42375e4d3b803c377fefb062f8/)
\`\`\`quote
**level:** info
**timestamp:** 2020-04-28 14:05:04
\`\`\``,
    );
  });

  it('test_issue_assigned_to_individual', () => {
    expectMessage(
      'issue_assigned_to_individual',
      'A test message event from golang.',
      'Issue **A test message event from golang.** has now been assigned to **Hemanth V. Alluri** by **Hemanth V. Alluri**.',
    );
  });

  it('test_issue_assigned_to_team', () => {
    expectMessage(
      'issue_assigned_to_team',
      'Exception: program has entered an invalid state.',
      'Issue **Exception: program has entered an invalid state.** has now been assigned to **team lone-wolf** by **Hemanth V. Alluri**.',
    );
  });

  it('test_issue_created_for_exception', () => {
    expectMessage(
      'issue_created_for_exception',
      'Exception: Custom exception!',
      `**New issue created:** Exception: Custom exception!
\`\`\`quote
**level:** error
**timestamp:** 2020-04-28 13:56:05
**assignee:** No one
\`\`\``,
    );
  });

  it('test_issue_created_for_message', () => {
    expectMessage(
      'issue_created_for_message',
      'A simple message-based issue.',
      `**New issue created:** A simple message-based issue.
\`\`\`quote
**level:** info
**timestamp:** 2020-04-28 14:05:04
**assignee:** No one
\`\`\``,
    );
  });

  it('test_issue_ignored', () => {
    expectMessage(
      'issue_ignored',
      'Exception: program has entered an invalid state.',
      'Issue **Exception: program has entered an invalid state.** was ignored by **Hemanth V. Alluri**.',
    );
  });

  it('test_issue_resolved', () => {
    expectMessage(
      'issue_resolved',
      'Exception: program has entered an invalid state.',
      'Issue **Exception: program has entered an invalid state.** was marked as resolved by **Hemanth V. Alluri**.',
    );
  });

  it('test_deprecated_exception_message', () => {
    expectMessage(
      'deprecated_exception_message',
      'zulip',
      `New [issue](https://sentry.io/zulip/zulip/issues/156699934/) (level: ERROR):

\`\`\` quote
This is an example python exception
\`\`\``,
    );
  });

  it('test_sample_event_through_alert: the sample event passes despite its old version', () => {
    expectMessage(
      'sample_event_through_alert',
      'This is an example Python exception',
      `**New message event:** [This is an example Python exception](https://sentry.io/organizations/nitk-46/issues/4218258981/events/b6eff1a49b1f4132850b1238d968da70/)
\`\`\`quote
**level:** error
**timestamp:** 2023-05-31 11:06:16
\`\`\``,
    );
  });

  it('test_sample_event_through_plugin', () => {
    expectMessage(
      'sample_event_through_plugin',
      'This is an example Python exception',
      `**New message event:** [This is an example Python exception](https://nitk-46.sentry.io/issues/4218258981/events/4dc4fc2858aa450eb658be9e5b8ad149/)
\`\`\`quote
**level:** error
**timestamp:** 2023-07-09 20:41:24
\`\`\``,
    );
  });

  it('test_raven_sdk_python_event: the retired Raven SDK is unsupported', () => {
    expect(handle(fixture('raven_sdk_python_event'))).toEqual({ kind: 'unsupported', eventType: 'Raven SDK' });
  });
});

describe('Sentry integration: event types, unsupported and malformed payloads', () => {
  it('names no event types', () => {
    expect(sentryIntegration.allEventTypes).toBeNull();
    expect(sentryIntegration.needsRealmUsers).toBeUndefined();
  });

  it('reports an unknown issue action, data kind or event kind as unsupported', () => {
    const archived = fixture('issue_ignored') as Record<string, unknown>;
    expect(handle({ ...archived, action: 'archived' })).toEqual({ kind: 'unsupported', eventType: 'archived action' });
    expect(handle({ action: 'created', data: { metric_alert: {}, description_text: 'x' } })).toEqual({
      kind: 'unsupported',
      eventType: "['metric_alert', 'description_text']",
    });
    const message = fixture('event_for_message_node') as { data: { event: Record<string, unknown> } };
    const { logentry: _logentry, ...withoutKind } = message.data.event;
    expect(handle({ data: { event: withoutKind } })).toEqual({ kind: 'unsupported', eventType: 'unknown-event type' });
  });

  it('writes Unix times as Python does, rounding to the microsecond', () => {
    expect(isoFromUnixSeconds(1603322711.147672)).toBe('2020-10-21T23:25:11.147672+00:00');
    expect(isoFromUnixSeconds(0.9999996)).toBe('1970-01-01T00:00:01.000000+00:00');
    expect(isoFromUnixSeconds(0.0000025)).toBe('1970-01-01T00:00:00.000002+00:00');
    expect(isoFromUnixSeconds(0)).toBe('1970-01-01T00:00:00.000000+00:00');
  });

  it('refuses payloads of the wrong shape with MalformedWebhookPayload', () => {
    const malformed: unknown[] = [
      null,
      'text',
      [1, 2],
      {},
      { level: 7 },
      { data: 'event' },
      { data: { event: null } },
      { data: { event: { title: 'x', platform: 'go', level: 'error', web_url: 'u' } } },
      { data: { event: { title: 'x', platform: 'python', version: 'seven', level: 'error', web_url: 'u', datetime: 'd' } } },
      {
        data: {
          event: { title: 'x', platform: 'go', level: 'e', web_url: 'u', datetime: 'd', exception: { values: 'no' }, metadata: {} },
        },
      },
      { action: 'created', data: { issue: { title: 'x', lastSeen: '2020-01-01T00:00:00Z' } }, actor: {} },
      { action: 'resolved', data: { issue: { title: 'x', lastSeen: 'x', assignedTo: null } }, actor: 'me' },
      { data: { issue: { title: 'x' } } },
      { url: 'https://sentry.io/x/', event: { event_id: 'abc' } },
      { url: 'https://sentry.io/x/', event: { event_id: 'abc', received: 'yesterday' } },
      { url: 'https://sentry.io/x/', event: { event_id: 'abc', received: 1e300 } },
      { event: 'abc' },
    ];
    for (const body of malformed) {
      expect(() => handle(body)).toThrow(MalformedWebhookPayload);
    }
  });

  it.each([
    ['an issue payload without its action', { data: { issue: { title: 'x' } } }, "payload['action'] is missing"],
    ['a plain webhook received at no number', { url: 'https://sentry.io/x/', event: { event_id: 'abc', received: 'yesterday' } }, "payload['event']['received'] is not a number"],
    [
      'an event whose version is no integer',
      { data: { event: { title: 'x', platform: 'python', version: 'seven', level: 'error', web_url: 'u', datetime: 'd' } } },
      "payload['data']['event']['version'] is not an integer",
    ],
  ])('names the field of %s by its path, as Zulip does', (_case, body, message) => {
    expect(() => handle(body)).toThrow(new MalformedWebhookPayload(message));
  });
});
