import { hiddenPresenceTime, legacyPresence, modernPresence, planPresenceUpdate } from './presence-rules';

const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1) + seconds * 1000);

describe('planPresenceUpdate', () => {
  it('creates a row and notifies on the first report', () => {
    expect(planPresenceUpdate(null, 'active', at(0))).toEqual({
      write: { lastActiveTime: at(0), lastConnectedTime: at(0) },
      notify: true,
    });
    expect(planPresenceUpdate(null, 'idle', at(0))).toEqual({ write: { lastActiveTime: null, lastConnectedTime: at(0) }, notify: true });
  });

  it('writes nothing for pings within the minimum frequency', () => {
    const stored = { lastActiveTime: at(0), lastConnectedTime: at(0) };
    expect(planPresenceUpdate(stored, 'active', at(30))).toEqual({ write: null, notify: false });
    expect(planPresenceUpdate(stored, 'idle', at(55))).toEqual({ write: null, notify: false });
  });

  it('moves the connection time only for an idle report', () => {
    const stored = { lastActiveTime: at(0), lastConnectedTime: at(0) };
    expect(planPresenceUpdate(stored, 'idle', at(60))).toEqual({ write: { lastActiveTime: at(0), lastConnectedTime: at(60) }, notify: false });
  });

  it('moves both times for an active report, notifying only a user coming back online', () => {
    const stored = { lastActiveTime: at(0), lastConnectedTime: at(0) };
    expect(planPresenceUpdate(stored, 'active', at(100))).toEqual({ write: { lastActiveTime: at(100), lastConnectedTime: at(100) }, notify: false });
    expect(planPresenceUpdate(stored, 'active', at(131))).toEqual({ write: { lastActiveTime: at(131), lastConnectedTime: at(131) }, notify: true });
    // Idle users do not "come online".
    expect(planPresenceUpdate(stored, 'idle', at(1000)).notify).toBe(false);
  });

  it('treats a user never active as newly online', () => {
    const stored = { lastActiveTime: null, lastConnectedTime: at(0) };
    expect(planPresenceUpdate(stored, 'active', at(10))).toEqual({ write: { lastActiveTime: at(10), lastConnectedTime: at(10) }, notify: true });
  });
});

describe('presence formats', () => {
  it('reports active while the activity is recent relative to the connection', () => {
    expect(legacyPresence(at(0), at(70))).toEqual({
      aggregated: { client: 'website', status: 'active', timestamp: at(0).getTime() / 1000 },
      website: { client: 'website', status: 'active', timestamp: at(0).getTime() / 1000, pushable: false },
    });
    expect(legacyPresence(at(0), at(71)).website).toMatchObject({ status: 'idle', timestamp: at(71).getTime() / 1000 });
  });

  it('reports whole seconds in the modern format', () => {
    expect(modernPresence(new Date(at(1).getTime() + 999), at(2))).toEqual({
      active_timestamp: at(1).getTime() / 1000,
      idle_timestamp: at(2).getTime() / 1000,
    });
  });

  it('shows a user with presence off as last seen well past the offline threshold', () => {
    expect(hiddenPresenceTime(at(1000), at(1000))).toEqual(at(680));
    expect(hiddenPresenceTime(at(10), at(1000))).toEqual(at(10));
  });
});
