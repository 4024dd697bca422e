import { Params, TestUser } from './api';

/**
 * How the notification specs put a user on either side of Zulip's "is this user here?"
 * test (an event queue that receives messages, and presence active within the last
 * 140 s): missed-message emails, and push notifications for users with
 * `enable_online_push_notifications` off, go only to users who are not.
 */

/** Changes the user's own settings (`PATCH /settings`), failing the test unless Zulip's plain success comes back. */
export async function setSettings(user: TestUser, settings: Record<string, unknown>): Promise<void> {
  const response = await user.api.patch('settings', settings);
  expect(response.body).toEqual({ result: 'success', msg: '' });
}

/**
 * Makes `user` here: an event queue per entry of `queues` that receives messages (never
 * polled; each entry is extra `register` parameters), then active presence. Returns the
 * queues' ids, so a test can delete one and leave the user away again.
 */
export async function makeHere(user: TestUser, queues: Params[] = [{}]): Promise<string[]> {
  const ids: string[] = [];
  for (const params of queues) {
    const registered = await user.api.post('register', { event_types: JSON.stringify(['message']), ...params });
    expect(registered.status).toBe(200);
    ids.push(registered.body.queue_id as string);
  }
  const presence = await user.api.post('users/me/presence', { status: 'active' });
  expect(presence.status).toBe(200);
  return ids;
}
