import { PreserializedJson } from '../shared/preserialized-json';
import { serializeAnswer } from './http-setup';

describe('serializeAnswer', () => {
  it('is JSON.stringify for answers without JSON text in them', () => {
    for (const payload of [{ result: 'success', msg: '', n: 1, list: [1, 'a'] }, [1, 2], 'text', 7, null]) {
      expect(serializeAnswer(payload)).toBe(JSON.stringify(payload));
    }
  });

  it('writes a top-level field that is already JSON text in place, and leaves out what has no JSON form', () => {
    const text = '{"7":{"active_timestamp":1,"idle_timestamp":2},"9":{"active_timestamp":3,"idle_timestamp":4}}';
    const payload = { result: 'success', msg: 'a "quoted" \u0000 name', presences: new PreserializedJson(text), skipped: undefined, id: 5 };
    const written = serializeAnswer(payload);
    expect(written).toBe(`{"result":"success","msg":${JSON.stringify(payload.msg)},"presences":${text},"id":5}`);
    // What any other serializer makes of it (toJSON) is the same value.
    expect(JSON.parse(written)).toEqual(JSON.parse(JSON.stringify(payload)));
  });
});
