import { Injectable, OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { ClientCapabilities } from '../queues/queue-descriptor';

/** What a client asked `POST /register` for, beyond the event types. */
export interface RegisterStateOptions {
  applyMarkdown: boolean;
  clientGravatar: boolean;
  includeSubscribers: boolean;
  capabilities: ClientCapabilities;
  slimPresence: boolean;
  presenceHistoryLimitDays: number | null;
}

/** One `POST /register` as the state contributors see it. */
export interface RegisterStateRequest {
  /** The registering user's id; null for a spectator (register with no user). */
  readonly viewerId: number | null;
  readonly realmId: number;
  /** `fetch_event_types` as asked; null for every type. */
  readonly fetchEventTypes: readonly string[] | null;
  readonly options: RegisterStateOptions;
  /** Whether the client asked for this event type's state. */
  wants(type: string): boolean;
}

/** The keys one section adds to the state, in the order it adds them. */
export type StatePart = Record<string, unknown>;

/**
 * One part of the state. `key` places it in the answer: sections are put together in the
 * order of `RegisterStateContributors`' key list, so the answer's key order does not
 * depend on the order modules are discovered in.
 */
export interface StateSection {
  readonly key: string;
  /** Whether this request gets the section (usually `request.wants(type)`). */
  readonly wanted: boolean;
  /**
   * A personal section: for a spectator these keys stand in for it and `read` is not
   * called. Absent: the section reads for spectators too.
   */
  readonly spectator?: StatePart;
  /** Sections that keep the database longest start first, so the others overlap them. */
  readonly slow?: boolean;
  read(part: StatePart): Promise<void> | void;
}

/** A module's part of `POST /register`'s state. */
export interface StateContributor {
  sections(request: RegisterStateRequest): readonly StateSection[];
}

/** Nest's discoverable class decorator under a key of its own. */
const Contributor = DiscoveryService.createDecorator<true>();

/**
 * Marks a provider as a `StateContributor`: `RegisterStateContributors` finds it at
 * start-up, as `@nestjs/cqrs` finds its `@QueryHandler` classes, so the register
 * composition needs no list of the modules that contribute.
 */
export function RegisterStateContributor(): ClassDecorator {
  return Contributor(true);
}

/**
 * The application's state contributors, found once at start-up, and the sections of one
 * request in answer order. `order` lists every section key in the order of the answer's
 * keys; it is the composition's, which knows the keys but not the modules behind them.
 */
@Injectable()
export class RegisterStateContributors implements OnModuleInit {
  private contributors: StateContributor[] = [];
  private order = new Map<string, number>();

  constructor(private readonly discovery: DiscoveryService) {}

  onModuleInit(): void {
    this.contributors = this.discovery
      .getProviders({ metadataKey: Contributor.KEY })
      .map((wrapper) => wrapper.instance as StateContributor)
      .filter((instance) => typeof instance?.sections === 'function');
  }

  /** The section keys in answer order: called once by the composition, before any request. */
  orderBy(keys: readonly string[]): void {
    this.order = new Map(keys.map((key, position) => [key, position]));
  }

  /** Adds a contributor (discovery uses providers; unit tests may add their own). */
  add(contributor: StateContributor): void {
    this.contributors.push(contributor);
  }

  /** The wanted sections of a request, in answer order; a spectator gets personal sections' stand-ins. */
  sectionsOf(request: RegisterStateRequest): StateSection[] {
    const sections: StateSection[] = [];
    for (const contributor of this.contributors) {
      for (const section of contributor.sections(request)) {
        if (!this.order.has(section.key)) throw new Error(`register state section ${section.key} has no place in the answer's key order`);
        if (!section.wanted) continue;
        const { spectator } = section;
        if (request.viewerId === null && spectator !== undefined) {
          sections.push({ key: section.key, wanted: true, slow: section.slow, read: (part) => void Object.assign(part, spectator) });
        } else sections.push(section);
      }
    }
    return sections.sort((a, b) => (this.order.get(a.key) as number) - (this.order.get(b.key) as number));
  }
}

/**
 * A section of one key that spectators get too, wanted when its event type is asked for:
 * `read` gives the key's value.
 */
export function realmSection(request: RegisterStateRequest, key: string, read: () => Promise<unknown>): StateSection {
  return {
    key,
    wanted: request.wants(key),
    read: async (part) => {
      part[key] = await read();
    },
  };
}

/** A personal section: `read` takes the viewer's id; a spectator gets `spectator` instead. */
export function personalSection(
  request: RegisterStateRequest,
  key: string,
  wanted: boolean,
  spectator: StatePart,
  read: (viewerId: number, part: StatePart) => Promise<void> | void,
  slow = false,
): StateSection {
  return { key, wanted, spectator, slow, read: (part) => read(request.viewerId as number, part) };
}
