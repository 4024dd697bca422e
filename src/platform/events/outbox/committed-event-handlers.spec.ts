import * as fs from 'node:fs';
import * as path from 'node:path';
import { Injectable, Module } from '@nestjs/common';
import { DiscoveryModule, NestFactory } from '@nestjs/core';
import { CommittedEventHandlers, committedMethodsOf, EventClass } from './committed-event-handlers';
import { OnCommitted } from './on-committed';

const SRC = path.resolve(__dirname, '..', '..', '..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [full] : [];
  });
}

const unused = { getProviders: () => [] } as never;

/** The registry as the server builds it, from every `@OnCommitted` method under src/.../events/. */
async function registryOfAllHandlers(): Promise<CommittedEventHandlers> {
  const registry = new CommittedEventHandlers(unused, unused);
  for (const file of sourceFiles(SRC).filter((name) => name.split(path.sep).includes('events'))) {
    for (const exported of Object.values((await import(file)) as Record<string, unknown>)) {
      if (typeof exported !== 'function' || !exported.prototype) continue;
      for (const { method, events } of committedMethodsOf(exported.prototype as object)) {
        registry.register(events, { name: `${exported.name}.${method}`, handle: () => undefined });
      }
    }
  }
  return registry;
}

describe('the outbox registry of event classes', () => {
  /**
   * Events recorded only for the commit listeners of their own process (the auth cache, whose
   * invalidations reach other processes by its own channel; the
   * mail delivery's and push delivery's wakes): no client hears of them, so the outbox neither stores nor
   * re-creates them.
   */
  const LISTENER_ONLY = new Set(['ApiKeyRegeneratedEvent', 'SessionsEndedEvent', 'RealmReactivatedEvent', 'MailQueuedEvent', 'PushQueuedEvent']);

  it('can re-create every event class a command records with database.record(new ...)', async () => {
    const registry = await registryOfAllHandlers();
    const recorded = new Set<string>();
    for (const file of sourceFiles(SRC)) {
      for (const match of fs.readFileSync(file, 'utf8').matchAll(/\.record\(\s*new\s+([A-Za-z0-9_]+)\s*\(/g)) recorded.add(match[1]);
    }
    expect(recorded.size).toBeGreaterThan(30);
    const missing = [...recorded].filter((name) => !LISTENER_ONLY.has(name) && registry.classNamed(name)?.name !== name);
    // An event class no method takes cannot be re-created from an outbox row: project it with @OnCommitted.
    expect(missing).toEqual([]);
  });

  it('refuses two event classes of one name', async () => {
    const registry = await registryOfAllHandlers();
    const [known] = registry.eventClasses;
    const impostor = { [known.name]: class {} }[known.name] as unknown as EventClass;
    expect(() => registry.register([impostor], { name: 'Impostor.handle', handle: () => undefined })).toThrow(/two event classes/);
  });

  it('finds decorated methods in declaration order and runs an event class\'s handlers in registration order', () => {
    class Sent {
      constructor(readonly text: string) {}
    }
    class Edited {}
    const calls: string[] = [];
    class Projections {
      @OnCommitted(Sent)
      sent(event: Sent): void {
        calls.push(`sent ${event.text}`);
      }

      notAHandler(): void {}

      @OnCommitted(Sent, Edited)
      touched(event: Sent | Edited): void {
        calls.push(`touched ${event.constructor.name}`);
      }
    }
    const found = committedMethodsOf(Projections.prototype);
    expect(found).toEqual([
      { method: 'sent', events: [Sent] },
      { method: 'touched', events: [Sent, Edited] },
    ]);

    const registry = new CommittedEventHandlers(unused, unused);
    const instance = new Projections();
    for (const { method, events } of found) {
      const fn = instance[method as 'sent' | 'touched'] as (event: object) => void;
      registry.register(events, { name: `Projections.${method}`, handle: fn.bind(instance) });
    }
    for (const handler of registry.of(new Sent('hi'))) handler.handle(new Sent('hi'));
    for (const handler of registry.of(new Edited())) handler.handle(new Edited());
    expect(calls).toEqual(['sent hi', 'touched Sent', 'touched Edited']);
    expect(registry.of({})).toEqual([]);
    expect(registry.classNamed('Edited')).toBe(Edited);
    expect(() => registry.register([Sent], { name: 'Projections.sent', handle: () => undefined })).toThrow(/takes Sent twice/);
  });

  it('is built by Nest from the providers\' @OnCommitted methods, bound to their instances', async () => {
    class Sent {}
    @Injectable()
    class Projections {
      readonly seen: string[] = [];

      @OnCommitted(Sent)
      sent(event: Sent): void {
        this.seen.push(event.constructor.name);
      }
    }
    @Module({ imports: [DiscoveryModule], providers: [CommittedEventHandlers, Projections] })
    class AppModule {}
    const app = await NestFactory.createApplicationContext(AppModule, { logger: false });
    try {
      const registry = app.get(CommittedEventHandlers);
      const handlers = registry.of(new Sent());
      expect(handlers.map((handler) => handler.name)).toEqual(['Projections.sent']);
      handlers[0].handle(new Sent());
      expect(app.get(Projections).seen).toEqual(['Sent']);
    } finally {
      await app.close();
    }
  });
});
