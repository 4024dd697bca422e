import { PreserializedJson } from '../../shared/preserialized-json';
import { applyRacedEvents } from './apply-raced-events';

/** Presence, muted users and topic policies raced into a new queue. */
describe('applyRacedEvents: personal state', () => {
  const website = (status: string, timestamp: number) => ({ website: { client: 'website', status, timestamp, pushable: false } });

  it('replaces a presence entry in either format', () => {
    const legacy: Record<string, unknown> = { presences: {} };
    expect(applyRacedEvents(legacy, [{ id: 4, type: 'presence', user_id: 9, email: 'a@x', presence: website('active', 100) }], {
      userId: 1,
      includeSubscribers: false,
    })).toBe(4);
    expect(legacy.presences).toEqual({ 'a@x': { aggregated: { client: 'website', status: 'active', timestamp: 100 }, ...website('active', 100) } });

    const slim: Record<string, unknown> = { presences: { 9: { active_timestamp: 50, idle_timestamp: 60 } } };
    const context = { userId: 1, includeSubscribers: false, slimPresence: true };
    expect(applyRacedEvents(slim, [{ id: 1, type: 'presence', user_id: 9, email: 'a@x', presence: website('idle', 100) }], context)).toBe(1);
    expect(slim.presences).toEqual({ 9: { active_timestamp: 50, idle_timestamp: 100 } });
    // An idle report of an unknown user cannot be turned into the modern format.
    expect(applyRacedEvents(slim, [{ id: 2, type: 'presence', user_id: 8, email: 'b@x', presence: website('idle', 100) }], context)).toBe(-1);
  });

  it('parses presences kept as JSON text only when an event changes them', () => {
    const text = new PreserializedJson('{"9":{"active_timestamp":50,"idle_timestamp":60}}');
    const context = { userId: 1, includeSubscribers: false, slimPresence: true };
    const untouched: Record<string, unknown> = { presences: text, muted_users: [] };
    expect(applyRacedEvents(untouched, [{ id: 3, type: 'muted_users', muted_users: [] }], context)).toBe(3);
    expect(untouched.presences).toBe(text);
    const raced: Record<string, unknown> = { presences: text };
    expect(applyRacedEvents(raced, [{ id: 4, type: 'presence', user_id: 9, email: 'a@x', presence: website('idle', 100) }], context)).toBe(4);
    expect(raced.presences).toEqual({ 9: { active_timestamp: 50, idle_timestamp: 100 } });
  });

  it('takes the newest muted user and muted topic lists', () => {
    const state: Record<string, unknown> = { muted_users: [], muted_topics: [] };
    const events = [
      { id: 1, type: 'muted_users', muted_users: [{ id: 3, timestamp: 10 }] },
      { id: 2, type: 'muted_topics', muted_topics: [['general', 'lunch', 10]] },
    ];
    expect(applyRacedEvents(state, events, { userId: 1, includeSubscribers: false })).toBe(2);
    expect(state).toEqual({ muted_users: [{ id: 3, timestamp: 10 }], muted_topics: [['general', 'lunch', 10]] });
  });

  it('adds, updates and removes user topics, matching topics case-insensitively', () => {
    const state: Record<string, unknown> = { user_topics: [] };
    const policy = (id: number, topic: string, visibility: number) => ({
      id,
      type: 'user_topic',
      stream_id: 5,
      topic_name: topic,
      last_updated: id,
      visibility_policy: visibility,
    });
    applyRacedEvents(state, [policy(1, 'Lunch', 1), policy(2, 'lunch', 3)], { userId: 1, includeSubscribers: false });
    expect(state.user_topics).toEqual([{ stream_id: 5, topic_name: 'Lunch', last_updated: 2, visibility_policy: 3 }]);
    applyRacedEvents(state, [policy(3, 'LUNCH', 0)], { userId: 1, includeSubscribers: false });
    expect(state.user_topics).toEqual([]);
  });

  it('stops at a personal event whose state was not fetched', () => {
    expect(applyRacedEvents({}, [{ id: 1, type: 'muted_users', muted_users: [] }], { userId: 1, includeSubscribers: false })).toBe(-1);
  });
});
