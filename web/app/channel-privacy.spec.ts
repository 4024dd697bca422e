import { privacyChange, privacyChoices, privacyOf } from './channel-privacy';

describe('channel privacy', () => {
  it('reads the three flags as one of Zulip’s four choices and writes them back', () => {
    for (const privacy of ['web-public', 'public', 'private-shared', 'private-protected'] as const) {
      const change = privacyChange(privacy);
      expect(privacyOf({ invite_only: change.is_private, is_web_public: change.is_web_public, history_public_to_subscribers: change.history_public_to_subscribers })).toBe(privacy);
    }
  });

  it('offers what the realm lets the person create, and the current choice', () => {
    expect(privacyChoices({ public: true, private: false, webPublic: false })).toEqual(['public']);
    expect(privacyChoices({ public: true, private: false, webPublic: false }, 'private-protected')).toEqual(['public', 'private-protected']);
    expect(privacyChoices({ public: true, private: true, webPublic: true })).toHaveLength(4);
  });
});
