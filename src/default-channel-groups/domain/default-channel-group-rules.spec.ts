import { ApiError } from '../../shared/api-error';
import { checkGroupDescription, checkGroupName, presentGroups } from './default-channel-group-rules';

function refusal(run: () => unknown): string | null {
  try {
    run();
    return null;
  } catch (error) {
    return error instanceof ApiError ? error.msg : String(error);
  }
}

describe('default channel group rules', () => {
  it("checks a group's name in Zulip's words", () => {
    expect(refusal(() => checkGroupName('Engineering'))).toBeNull();
    expect(refusal(() => checkGroupName('  '))).toBe("Invalid default channel group name '  '");
    expect(refusal(() => checkGroupName('x'.repeat(61)))).toBe('Default channel group name too long (limit: 60 characters)');
    expect(refusal(() => checkGroupName('🐙'.repeat(60)))).toBeNull();
    expect(refusal(() => checkGroupName('a\u0000b'))).toBe("Default channel group name 'a\u0000b' contains NULL (0x00) characters.");
    expect(refusal(() => checkGroupDescription('d'.repeat(1025)))).toBe('description is too long (limit: 1024 characters)');
  });

  it('orders groups by name and their channels by name, giving ids', () => {
    expect(
      presentGroups([
        { id: 2, name: 'sales', description: 'b', channels: [{ id: 9, name: 'west' }, { id: 3, name: 'east' }] },
        { id: 5, name: 'Engineering', description: 'a', channels: [] },
      ]),
    ).toEqual([
      { name: 'Engineering', id: 5, description: 'a', streams: [] },
      { name: 'sales', id: 2, description: 'b', streams: [3, 9] },
    ]);
  });
});
