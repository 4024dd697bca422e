import { Injectable, OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { IEvent, IEventHandler } from '@nestjs/cqrs';
import { EVENT_METADATA, EVENTS_HANDLER_METADATA } from '@nestjs/cqrs/dist/decorators/constants';

export type EventClass = abstract new (...args: never[]) => IEvent;

export interface NamedHandler {
  /** The handler's class name: part of its deliveries' dedupe keys. */
  readonly name: string;
  readonly instance: IEventHandler<IEvent>;
}

/** cqrs's id of an event class (inherited by subclasses without one of their own). */
function eventId(eventClass: unknown): string | undefined {
  return (Reflect.getMetadata(EVENT_METADATA, eventClass as object) as { id?: string } | undefined)?.id;
}

/**
 * The `@EventsHandler`s of the application, found once at start-up, and the event classes
 * they handle by class name: the registry that re-creates an event from its outbox row.
 * Every event class some handler takes is in it, so a new one needs no registration; an
 * event nobody handles has nothing to publish and is not written to the outbox.
 */
@Injectable()
export class CommittedEventHandlers implements OnModuleInit {
  private readonly handlersById = new Map<string, NamedHandler[]>();
  private readonly classesByName = new Map<string, EventClass>();

  constructor(private readonly discovery: DiscoveryService) {}

  onModuleInit(): void {
    for (const wrapper of this.discovery.getProviders()) {
      const { metatype, instance } = wrapper;
      if (!metatype || !instance) continue;
      const events = Reflect.getMetadata(EVENTS_HANDLER_METADATA, metatype) as EventClass[] | undefined;
      if (!events) continue;
      if (!wrapper.isDependencyTreeStatic()) throw new Error(`event handler ${metatype.name} must be a singleton to publish outbox events`);
      this.register(events, { name: metatype.name, instance: instance as IEventHandler<IEvent> });
    }
  }

  /** Adds a handler of these event classes (discovery uses it; unit tests may too). */
  register(events: readonly EventClass[], handler: NamedHandler): void {
    for (const eventClass of events) {
      const known = this.classesByName.get(eventClass.name);
      if (known && known !== eventClass) throw new Error(`two event classes are named ${eventClass.name}: outbox rows name events by class`);
      this.classesByName.set(eventClass.name, eventClass);
      const id = eventId(eventClass);
      if (id === undefined) throw new Error(`event class ${eventClass.name} has no cqrs id`);
      const list = this.handlersById.get(id) ?? [];
      if (!list.some((entry) => entry.instance === handler.instance)) list.push(handler);
      this.handlersById.set(id, list);
    }
  }

  /** The handlers cqrs's EventBus would call for this event. */
  of(event: IEvent): readonly NamedHandler[] {
    const id = eventId((event as object).constructor);
    return id === undefined ? [] : (this.handlersById.get(id) ?? []);
  }

  classNamed(name: string): EventClass | undefined {
    return this.classesByName.get(name);
  }

  get eventClasses(): readonly EventClass[] {
    return [...this.classesByName.values()];
  }
}
