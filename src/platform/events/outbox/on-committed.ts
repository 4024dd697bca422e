import { DiscoveryService } from '@nestjs/core';

/** A domain event class (what commands hand to `uow.record(new ...)`). */
export type EventClass<E extends object = object> = abstract new (...args: never[]) => E;

/** Nest's discoverable decorator under a key of its own; `OnCommitted` is its typed face. */
const CommittedEvents = DiscoveryService.createDecorator<readonly EventClass[]>();
/** Marks the `FollowUp` methods among them. */
const FollowUpMark = DiscoveryService.createDecorator<true>();

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

/**
 * `OnCommitted` for work the committing request waits for (the notification bot's notices
 * about a change, which Zulip sends in the same request). The method may return a promise:
 * once the commit's events were all dispatched, the commit's follow-ups run one after
 * another, in the order their events were recorded, and the request answers when they
 * settled. Durable like every committed event: if the process dies before they ran, a
 * sweep runs them again. A failure is logged by the method: it cannot undo the commit.
 */
export function FollowUp<C extends readonly [EventClass, ...EventClass[]]>(...events: C) {
  return <M extends (event: InstanceType<C[number]>) => Promise<void>>(
    target: object,
    key: string | symbol,
    descriptor: TypedPropertyDescriptor<M>,
  ): void => {
    CommittedEvents(events)(target, key, descriptor);
    FollowUpMark(true)(target, key, descriptor);
  };
}

/** Whether a method was decorated with `FollowUp`. */
export function isFollowUp(method: unknown): boolean {
  return typeof method === 'function' && Reflect.getMetadata(FollowUpMark.KEY, method) === true;
}

/** The event classes a method was decorated for with `OnCommitted` or `FollowUp`, if any. */
export function committedEventsOf(method: unknown): readonly EventClass[] | undefined {
  if (typeof method !== 'function') return undefined;
  return Reflect.getMetadata(CommittedEvents.KEY, method) as readonly EventClass[] | undefined;
}
