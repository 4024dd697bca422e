import { placeholderUserId, visibilitiesShowingEmail } from './email-lookup';
import { EmailAddressVisibility, Role } from '../../shared/roles';

describe('email lookup rules', () => {
  it('reads the user id of a placeholder address of this realm only', () => {
    expect(placeholderUserId('user42@acme.chat.example', 'acme.chat.example')).toBe(42);
    expect(placeholderUserId(' USER42@Acme.Chat.Example ', 'acme.chat.example')).toBe(42);
    expect(placeholderUserId('user42@other.chat.example', 'acme.chat.example')).toBeNull();
    expect(placeholderUserId('someone@acme.chat.example', 'acme.chat.example')).toBeNull();
    expect(placeholderUserId('user@acme.chat.example', 'acme.chat.example')).toBeNull();
    expect(placeholderUserId('user99999999999999999999@acme.chat.example', 'acme.chat.example')).toBeNull();
  });

  it('lets the API email name a real address only where everyone may see it', () => {
    expect(visibilitiesShowingEmail({ kind: 'api-email' })).toEqual([EmailAddressVisibility.Everyone]);
  });

  it("shows real addresses by role as Zulip's ROLE_TO_ACCESSIBLE_EMAIL_ADDRESS_VISIBILITY_IDS", () => {
    const { Everyone, Members, Administrators, Moderators } = EmailAddressVisibility;
    const shown = (role: Role) => [...visibilitiesShowingEmail({ kind: 'visible-to', role })].sort();
    expect(shown(Role.Owner)).toEqual([Everyone, Members, Administrators, Moderators].sort());
    expect(shown(Role.Administrator)).toEqual([Everyone, Members, Administrators, Moderators].sort());
    expect(shown(Role.Moderator)).toEqual([Everyone, Members, Moderators].sort());
    expect(shown(Role.Member)).toEqual([Everyone, Members].sort());
    expect(shown(Role.Guest)).toEqual([Everyone]);
  });
});
