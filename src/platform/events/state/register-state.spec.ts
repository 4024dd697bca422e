import { RegisterStateContributors, RegisterStateRequest, StateContributor, StateSection, personalSection } from './register-state';

const unused = { getProviders: () => [] } as never;

function request(viewerId: number | null, types: string[] | null = null): RegisterStateRequest {
  return {
    viewerId,
    realmId: 1,
    fetchEventTypes: types,
    options: {} as RegisterStateRequest['options'],
    wants: (type) => types === null || types.includes(type),
  };
}

function contributor(make: (request: RegisterStateRequest) => StateSection[]): StateContributor {
  return { sections: make };
}

async function stateOf(contributors: RegisterStateContributors, of: RegisterStateRequest): Promise<Record<string, unknown>> {
  const parts: Record<string, unknown>[] = [];
  for (const section of contributors.sectionsOf(of)) {
    const part = {};
    await section.read(part);
    parts.push(part);
  }
  return Object.assign({}, ...parts) as Record<string, unknown>;
}

describe('RegisterStateContributors', () => {
  const build = () => {
    const contributors = new RegisterStateContributors(unused);
    contributors.orderBy(['first', 'second', 'third']);
    // Added in another order than the answer's.
    contributors.add(contributor((of) => [
      personalSection(of, 'third', of.wants('third'), { third: [] }, (viewerId, part) => {
        part.third = [viewerId];
      }),
    ]));
    contributors.add(contributor((of) => [{ key: 'first', wanted: of.wants('first'), read: (part) => void Object.assign(part, { a: 1, b: 2 }) }]));
    contributors.add(contributor((of) => [{ key: 'second', wanted: of.wants('second'), read: (part) => void (part.second = true) }]));
    return contributors;
  };

  it('puts the sections together in the order of the key list, whatever the order of the contributors', async () => {
    const state = await stateOf(build(), request(7));
    expect(Object.keys(state)).toEqual(['a', 'b', 'second', 'third']);
    expect(state.third).toEqual([7]);
  });

  it('leaves out the sections a client did not ask for', async () => {
    expect(Object.keys(await stateOf(build(), request(7, ['third', 'first'])))).toEqual(['a', 'b', 'third']);
  });

  it("gives a spectator a personal section's stand-in without reading it", async () => {
    expect(await stateOf(build(), request(null))).toEqual({ a: 1, b: 2, second: true, third: [] });
  });

  it('refuses a section the key list does not place', () => {
    const contributors = build();
    contributors.add(contributor(() => [{ key: 'fourth', wanted: false, read: () => undefined }]));
    expect(() => contributors.sectionsOf(request(7))).toThrow(/fourth has no place/);
  });
});
