import { DiscoveryService } from '@nestjs/core';

/** A domain event class (what commands hand to `uow.record(new ...)`). */
export type EventClass<E extends object = object> = abstract new (...args: never[]) => E;

/** Nest's discoverable decorator under a key of its own; `OnCommitted` is its typed face. */
const CommittedEvents = DiscoveryService.createDecorator<readonly EventClass[]>();

/**
 * Runs the method with each committed event of these classes, in commit order, once per
 * event, right after the transaction that recorded it committed (and again if its outbox
 * row is republished). Projections turn the event into client events by calling
 * `EventDispatcher.dispatch` before returning, in the order clients get them; side
 * effects (mail, jobs) start their work and return. The method must not return a promise
 * it needs awaited: what runs after its first await is outside the delivery scope.
 *
 * The class is an ordinary provider of its module; `CommittedEventHandlers` finds the
 * methods at start-up (Nest's DiscoveryService and MetadataScanner).
 */
export function OnCommitted<C extends readonly [EventClass, ...EventClass[]]>(...events: C) {
  return <M extends (event: InstanceType<C[number]>) => void>(
    target: object,
    key: string | symbol,
    descriptor: TypedPropertyDescriptor<M>,
  ): void => {
    CommittedEvents(events)(target, key, descriptor);
  };
}

/** The event classes a method was decorated for with `OnCommitted`, if any. */
export function committedEventsOf(method: unknown): readonly EventClass[] | undefined {
  if (typeof method !== 'function') return undefined;
  return Reflect.getMetadata(CommittedEvents.KEY, method) as readonly EventClass[] | undefined;
}
