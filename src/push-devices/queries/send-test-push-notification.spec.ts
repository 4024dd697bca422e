import { sendTestError } from './send-test-push-notification.query';

describe("the test notification's answer to what the push notification service said (Zulip's send_to_push_bouncer)", () => {
  it('succeeds when the service took it', () => {
    expect(sendTestError({ kind: 'ok', body: { result: 'success' } })).toBeNull();
  });

  it("names a device the service does not know with Zulip's code", () => {
    expect(sendTestError({ kind: 'refused', reason: 'whatever the service says', code: 'INVALID_REMOTE_PUSH_DEVICE_TOKEN' })).toMatchObject({
      msg: 'Device not recognized by the push bouncer',
      code: 'INVALID_REMOTE_PUSH_DEVICE_TOKEN',
      status: 400,
    });
  });

  it("answers 502 while the service is down or refuses this server's credentials", () => {
    expect(sendTestError({ kind: 'retry', reason: 'Received 503 from the push notification service' })).toMatchObject({ status: 502, code: 'BAD_REQUEST' });
    expect(sendTestError({ kind: 'refused', reason: 'Zulip server auth failure', code: 'INVALID_ZULIP_SERVER' })).toMatchObject({
      msg: 'Push notifications bouncer error: Zulip server auth failure',
      status: 502,
    });
  });

  it("passes any other refusal on as a 400 with the service's message", () => {
    expect(sendTestError({ kind: 'refused', reason: 'Invalid token type', code: 'BAD_REQUEST' })).toMatchObject({ msg: 'Invalid token type', code: 'BAD_REQUEST', status: 400 });
    expect(sendTestError({ kind: 'disallowed', reason: "Your plan doesn't allow sending push notifications." })).toMatchObject({ status: 400 });
  });
});
