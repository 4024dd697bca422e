import { Injectable, OnModuleInit } from '@nestjs/common';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import { committedEventsOf, EventClass, isFollowUp } from './on-committed';

export type { EventClass } from './on-committed';

export interface CommittedHandler {
  /** `Class.method`: part of its deliveries' dedupe keys, so stable across processes. */
  readonly name: string;
  /** The method, bound to its provider once at start-up. */
  readonly handle: (event: object) => unknown;
  /** A `FollowUp`: run after the commit's other handlers, one after another, awaited. */
  readonly followUp?: boolean;
}

/** The `@OnCommitted` (and `@FollowUp`) methods of a class, with the event classes each takes, in declaration order. */
export function committedMethodsOf(
  prototype: object,
  scanner: Pick<MetadataScanner, 'getAllMethodNames'> = new MetadataScanner(),
): { method: string; events: readonly EventClass[]; followUp?: true }[] {
  const found: { method: string; events: readonly EventClass[]; followUp?: true }[] = [];
  for (const method of scanner.getAllMethodNames(prototype)) {
    const fn = (prototype as Record<string, unknown>)[method];
    const events = committedEventsOf(fn);
    if (events) found.push(isFollowUp(fn) ? { method, events, followUp: true } : { method, events });
  }
  return found;
}

/**
 * The `@OnCommitted` methods of the application, found once at start-up, and the event
 * classes they take by class name: the registry that re-creates an event from its outbox
 * row. Every event class some method takes is in it, so a new one needs no registration;
 * an event nobody takes has nothing to publish and is not written to the outbox.
 *
 * An event's handlers run in discovery order (module, then provider, then method
 * declaration order); the delivery path reads one Map by event class, built here.
 */
@Injectable()
export class CommittedEventHandlers implements OnModuleInit {
  private readonly handlersByClass = new Map<EventClass, CommittedHandler[]>();
  private readonly classesByName = new Map<string, EventClass>();

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
  ) {}

  onModuleInit(): void {
    for (const wrapper of this.discovery.getProviders()) {
      const { instance } = wrapper;
      if (!instance || typeof instance !== 'object') continue;
      const prototype = Object.getPrototypeOf(instance) as object | null;
      if (!prototype || prototype === Object.prototype) continue;
      for (const { method, events, followUp } of committedMethodsOf(prototype, this.scanner)) {
        const className = (instance as object).constructor.name;
        if (!wrapper.isDependencyTreeStatic()) throw new Error(`${className} must be a singleton to take committed events`);
        const fn = (instance as Record<string, (event: object) => unknown>)[method];
        this.register(events, { name: `${className}.${method}`, handle: fn.bind(instance), followUp });
      }
    }
  }

  /** Adds a handler of these event classes (discovery uses it; unit tests may too). */
  register(events: readonly EventClass[], handler: CommittedHandler): void {
    for (const eventClass of events) {
      const known = this.classesByName.get(eventClass.name);
      if (known && known !== eventClass) throw new Error(`two event classes are named ${eventClass.name}: outbox rows name events by class`);
      this.classesByName.set(eventClass.name, eventClass);
      const list = this.handlersByClass.get(eventClass) ?? [];
      // A class provided by two modules would run twice and share dedupe keys.
      if (list.some((entry) => entry.name === handler.name)) throw new Error(`${handler.name} takes ${eventClass.name} twice (provided in two modules?)`);
      list.push(handler);
      this.handlersByClass.set(eventClass, list);
    }
  }

  /** The handlers of this event's class, in the order they run. */
  of(event: object): readonly CommittedHandler[] {
    return this.handlersByClass.get(event.constructor as EventClass) ?? NONE;
  }

  classNamed(name: string): EventClass | undefined {
    return this.classesByName.get(name);
  }

  get eventClasses(): readonly EventClass[] {
    return [...this.classesByName.values()];
  }
}

const NONE: readonly CommittedHandler[] = [];
