import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * Checks JSON against what Zulip's mobile app requires of it when decoding
 * (test/fixtures/zulip-flutter-schema.json, written by scripts/zulip-flutter-schema.js from
 * the app's decoders; its header says how to read the description). Required keys must be
 * present and not null, every value must have the JSON type the app casts it to, and closed
 * enums must hold a value the app knows; keys the app does not read are allowed, as they are
 * by the app.
 */

type TypeSpec = string | { list: TypeSpec } | { map: TypeSpec } | { ref: string; relax?: string[] } | { enum: string; open?: boolean } | { oneOf: TypeSpec[] } | { fields: ClassSpec };
type ClassSpec = Record<string, TypeSpec>;
interface Union {
  on: string[];
  cases: Record<string, string | Record<string, string>>;
  otherwise?: string;
}
/** One of the app's route bindings: `path` (with `{name}` for a value), or `url` when it fetches an absolute URL. */
export interface AppRequest {
  method: string;
  path?: string;
  url?: string;
  decoder: string | null;
}
interface Fixture {
  commit: string;
  classes: Record<string, ClassSpec>;
  enums: Record<string, (string | number)[]>;
  unions: Record<string, Union>;
  requests: Record<string, AppRequest>;
}

/**
 * What a hand-written decoder checks beyond keys and types, by class. The app's
 * `UpdateMessageMoveData.tryParseFromJson` reads a move from an `update_message` event:
 * a new channel or topic makes it a move, which then needs the old channel and topic and
 * the propagate mode; without one, a propagate mode is incoherent. Either fails the event.
 */
const CLASS_RULES: Record<string, (value: Record<string, unknown>) => string[]> = {
  UpdateMessageMoveData: (value) => {
    const newStream = value.new_stream_id ?? value.stream_id;
    const newTopic = value.subject ?? value.orig_subject;
    const present = (key: string): boolean => value[key] !== undefined && value[key] !== null;
    if (newStream === value.stream_id && newTopic === value.orig_subject) {
      return present('propagate_mode') ? ['propagate_mode present but no new channel or topic'] : [];
    }
    return ['stream_id', 'orig_subject', 'propagate_mode'].filter((key) => !present(key)).map((key) => `a move without ${key}`);
  },
};

const FIXTURE = path.join(__dirname, '..', 'fixtures', 'zulip-flutter-schema.json');

function describe(value: unknown): string {
  const text = JSON.stringify(value);
  return text === undefined ? 'undefined' : text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export class FlutterSchema {
  readonly commit: string;
  /** Every class the checks decoded, unions resolved (`ReactionEvent`, `StreamMessage`). */
  readonly decoded = new Set<string>();
  /** Every binding of the app that a replay sent (`FlutterApp` notes them). */
  readonly requested = new Set<string>();
  private readonly fixture: Fixture;

  constructor(fixture: Fixture = JSON.parse(fs.readFileSync(FIXTURE, 'utf8')) as Fixture) {
    this.fixture = fixture;
    this.commit = fixture.commit;
  }

  /** The problems the app's decoder `className` would have with `value`; none when it decodes. */
  check(className: string, value: unknown, at = '$'): string[] {
    const errors: string[] = [];
    this.checkType({ ref: className }, value, at, errors);
    return errors;
  }

  /** The app's route bindings, by name. */
  requests(): Record<string, AppRequest> {
    return this.fixture.requests;
  }

  /**
   * The name of the app's binding that sends `method` to `route` (a path below /api/v1/),
   * if one does. A `{...Id}` in a binding's path is a number; another `{name}` anything.
   */
  requestFor(method: string, route: string): string | undefined {
    const matches = Object.entries(this.fixture.requests).filter(([, request]) => {
      if (request.path === undefined || request.method !== method) return false;
      const pattern = request.path.split(/(\{\w+\})/).map((part) => {
        const name = /^\{(\w+)\}$/.exec(part)?.[1];
        if (name === undefined) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        return name.endsWith('Id') ? '\\d+' : '.+';
      });
      return new RegExp(`^${pattern.join('')}$`).test(route);
    });
    // A literal path wins over one with a value in its place (`messages/flags`, `messages/{messageId}`).
    matches.sort(([, a], [, b]) => (a.path as string).split('{').length - (b.path as string).split('{').length);
    return matches[0]?.[0];
  }

  /** The event classes the app decodes, as `type` or `type/op`. */
  handledEvents(): Record<string, string> {
    const handled: Record<string, string> = {};
    for (const [type, target] of Object.entries(this.fixture.unions.Event.cases)) {
      if (typeof target === 'string') handled[type] = target;
      else for (const [op, name] of Object.entries(target)) handled[`${type}/${op}`] = name;
    }
    return handled;
  }

  private resolve(name: string, value: unknown, at: string, errors: string[]): string | undefined {
    const union = this.fixture.unions[name];
    if (!union) return name;
    if (!isObject(value)) return name;
    let target: Union['cases'][string] | Union['cases'] | undefined = union.cases;
    for (const key of union.on) {
      if (typeof target !== 'object') break;
      const discriminator = value[key];
      target = typeof discriminator === 'string' ? target[discriminator] : undefined;
    }
    if (typeof target === 'string') return target;
    if (union.otherwise) return union.otherwise;
    errors.push(`${at}: ${union.on.map((k) => `${k}=${describe(value[k])}`).join(', ')} is none of the app's ${name} kinds`);
    return undefined;
  }

  private checkClass(spec: ClassSpec, value: unknown, at: string, errors: string[], relax: string[] = []): void {
    if (!isObject(value)) {
      errors.push(`${at}: expected an object, got ${describe(value)}`);
      return;
    }
    for (const [rawKey, type] of Object.entries(spec)) {
      if (rawKey === '@self') {
        this.checkType(type, value, at, errors);
        continue;
      }
      const optional = rawKey.endsWith('?');
      const key = optional ? rawKey.slice(0, -1) : rawKey;
      let field: unknown = value;
      for (const part of key.split('.')) field = isObject(field) ? field[part] : undefined;
      if (field === undefined || field === null) {
        if (!optional && !relax.includes(key)) errors.push(`${at}.${key}: required, got ${describe(field)}`);
        continue;
      }
      this.checkType(type, field, `${at}.${key}`, errors);
    }
  }

  private checkType(type: TypeSpec, value: unknown, at: string, errors: string[]): void {
    if (typeof type === 'string') {
      const fits = { string: typeof value === 'string', int: Number.isInteger(value), number: typeof value === 'number', bool: typeof value === 'boolean', any: true }[type];
      if (fits === undefined) throw new Error(`unknown type ${type} in the fixture`);
      if (!fits) errors.push(`${at}: expected ${type}, got ${describe(value)}`);
      return;
    }
    if ('list' in type) {
      if (!Array.isArray(value)) errors.push(`${at}: expected a list, got ${describe(value)}`);
      else value.forEach((item, i) => this.checkType(type.list, item, `${at}[${i}]`, errors));
      return;
    }
    if ('map' in type) {
      if (!isObject(value)) errors.push(`${at}: expected an object, got ${describe(value)}`);
      else for (const [k, item] of Object.entries(value)) this.checkType(type.map, item, `${at}[${JSON.stringify(k)}]`, errors);
      return;
    }
    if ('enum' in type) {
      const values = this.fixture.enums[type.enum];
      if (!values) throw new Error(`unknown enum ${type.enum} in the fixture`);
      if (type.open ? typeof value !== typeof values[0] : !values.includes(value as string | number)) {
        errors.push(`${at}: ${describe(value)} is not a value of the app's ${type.enum} (${values.map((v) => describe(v)).join(', ')})`);
      }
      return;
    }
    if ('oneOf' in type) {
      const attempts = type.oneOf.map((option) => {
        const found: string[] = [];
        this.checkType(option, value, at, found);
        return found;
      });
      // Reported as the first way to decode it (the others are fallbacks, like `''`).
      if (!attempts.some((found) => found.length === 0)) errors.push(...attempts[0]);
      return;
    }
    if ('fields' in type) {
      this.checkClass(type.fields, value, at, errors);
      return;
    }
    const name = this.resolve(type.ref, value, at, errors);
    if (name === undefined) return;
    const spec = this.fixture.classes[name];
    if (!spec) throw new Error(`unknown class ${name} in the fixture`);
    this.decoded.add(name);
    this.checkClass(spec, value, at, errors, type.relax);
    if (isObject(value)) for (const problem of CLASS_RULES[name]?.(value) ?? []) errors.push(`${at}: ${problem} (the app's ${name})`);
  }
}
