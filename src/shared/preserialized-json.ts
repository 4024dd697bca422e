/**
 * A value already written as JSON text (by a cache that keeps answers' parts as text).
 * An answer may hold it as one of its top-level fields: the HTTP layer writes the text in
 * place (wire/http-setup.ts, `serializeAnswer`). Anything else that serializes it gets the
 * same value, parsed back (`toJSON`).
 */
export class PreserializedJson {
  constructor(readonly text: string) {}

  toJSON(): unknown {
    return JSON.parse(this.text) as unknown;
  }
}
