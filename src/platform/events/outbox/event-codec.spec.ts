import { decodeEvent, decodeValue, encodeEventData, encodeValue, EventCodecError } from './event-codec';

class SampleEvent {
  constructor(
    readonly at: Date,
    readonly byUser: Map<number, Set<string>>,
    readonly payload: { $t: string; big: bigint; missing: undefined; ratio: number },
  ) {}
}

class RowLike {
  id = 7;
  name = 'row';
}

class WithMethod {
  value = 1;
  double(): number {
    return this.value * 2;
  }
}

describe('event codec', () => {
  it('brings back Dates, Maps, Sets, bigints, undefined and objects with a $t key through JSON', () => {
    const event = new SampleEvent(new Date(1_700_000_000_123), new Map([[3, new Set(['a', 'b'])]]), {
      $t: 'mine',
      big: 12345678901234567890n,
      missing: undefined,
      ratio: Infinity,
    });
    const stored = JSON.parse(JSON.stringify(encodeEventData(event))) as Record<string, unknown>;
    const copy = decodeEvent(SampleEvent, stored);
    expect(copy).toBeInstanceOf(SampleEvent);
    expect(copy.at).toEqual(event.at);
    expect(copy.byUser).toEqual(event.byUser);
    expect(copy.payload).toEqual(event.payload);
    expect('missing' in copy.payload).toBe(true);
  });

  it('takes rows of classes that only carry fields as plain objects, and refuses classes with methods', () => {
    expect(decodeValue(JSON.parse(JSON.stringify(encodeValue({ row: new RowLike() }))))).toEqual({ row: { id: 7, name: 'row' } });
    expect(() => encodeValue({ nested: [new WithMethod()] })).toThrow(EventCodecError);
    expect(() => encodeValue(() => 1)).toThrow(EventCodecError);
  });
});
