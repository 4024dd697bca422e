import { checkCanDeleteMessage, DeleteDecision } from './message-delete-rules';
import { checkCanEditContent } from './message-edit-rules';

const base: DeleteDecision = { inDeleteAnyGroup: false, inDeleteOwnGroup: true, ownsMessage: true, ageSeconds: 10, limitSeconds: null };

describe('checkCanDeleteMessage', () => {
  it('lets the delete-any group delete anything, past any limit', () => {
    expect(() => checkCanDeleteMessage({ ...base, inDeleteAnyGroup: true, ownsMessage: false, inDeleteOwnGroup: false, limitSeconds: 1, ageSeconds: 99 })).not.toThrow();
  });
  it('lets owners delete their own messages without a limit', () => {
    expect(() => checkCanDeleteMessage(base)).not.toThrow();
  });
  it("refuses others' messages", () => {
    expect(() => checkCanDeleteMessage({ ...base, ownsMessage: false })).toThrow("You don't have permission to delete this message");
  });
  it('refuses own messages outside the delete-own group', () => {
    expect(() => checkCanDeleteMessage({ ...base, inDeleteOwnGroup: false })).toThrow("You don't have permission to delete this message");
  });
  it('applies the time limit to own messages', () => {
    expect(() => checkCanDeleteMessage({ ...base, limitSeconds: 60, ageSeconds: 60 })).not.toThrow();
    expect(() => checkCanDeleteMessage({ ...base, limitSeconds: 60, ageSeconds: 61 })).toThrow('The time limit for deleting this message has passed');
  });
});

describe('checkCanEditContent', () => {
  const edit = { allowMessageEditing: true, isSender: true, ageSeconds: 5, limitSeconds: 600 as number | null };
  it('allows own recent messages', () => {
    expect(() => checkCanEditContent(edit)).not.toThrow();
    expect(() => checkCanEditContent({ ...edit, limitSeconds: null, ageSeconds: 10_000 })).not.toThrow();
  });
  it("answers Zulip's refusals in order", () => {
    expect(() => checkCanEditContent({ ...edit, allowMessageEditing: false, isSender: false })).toThrow('Your organization has turned off message editing');
    expect(() => checkCanEditContent({ ...edit, isSender: false })).toThrow("You don't have permission to edit this message");
    expect(() => checkCanEditContent({ ...edit, ageSeconds: 601 })).toThrow('The time limit for editing this message has passed');
  });
});
