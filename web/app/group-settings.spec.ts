import { partsOf, settingOf } from './group-settings';

describe('group setting values', () => {
  it('saves no pill as role:nobody, one group alone as its id, anything else as an anonymous group', () => {
    expect(settingOf([], [], 9)).toBe(9);
    expect(settingOf([4], [], 9)).toBe(4);
    expect(settingOf([4], [12], 9)).toEqual({ direct_members: [12], direct_subgroups: [4] });
    expect(settingOf([4, 5], [], 9)).toEqual({ direct_members: [], direct_subgroups: [4, 5] });
    expect(settingOf([], [12], 9)).toEqual({ direct_members: [12], direct_subgroups: [] });
  });

  it('reads a setting back into its groups and people', () => {
    expect(partsOf(4)).toEqual({ groupIds: [4], userIds: [] });
    expect(partsOf({ direct_members: [12], direct_subgroups: [4] })).toEqual({ groupIds: [4], userIds: [12] });
  });
});
