import * as fs from 'node:fs';
import * as path from 'node:path';
import { IEvent, IEventHandler } from '@nestjs/cqrs';
import { EVENTS_HANDLER_METADATA } from '@nestjs/cqrs/dist/decorators/constants';
import { CommittedEventHandlers, EventClass } from './committed-event-handlers';

const SRC = path.resolve(__dirname, '..', '..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [full] : [];
  });
}

/** The registry as the server builds it, from every `@EventsHandler` under src/.../events/. */
async function registryOfAllHandlers(): Promise<CommittedEventHandlers> {
  const registry = new CommittedEventHandlers({ getProviders: () => [] } as never);
  for (const file of sourceFiles(SRC).filter((name) => name.split(path.sep).includes('events'))) {
    for (const exported of Object.values((await import(file)) as Record<string, unknown>)) {
      if (typeof exported !== 'function') continue;
      const events = Reflect.getMetadata(EVENTS_HANDLER_METADATA, exported) as EventClass[] | undefined;
      if (events) registry.register(events, { name: exported.name, instance: {} as IEventHandler<IEvent> });
    }
  }
  return registry;
}

describe('the outbox registry of event classes', () => {
  it('can re-create every event class a command records with uow.record(new ...)', async () => {
    const registry = await registryOfAllHandlers();
    const recorded = new Set<string>();
    for (const file of sourceFiles(SRC)) {
      for (const match of fs.readFileSync(file, 'utf8').matchAll(/\.record\(\s*new\s+([A-Za-z0-9_]+)\s*\(/g)) recorded.add(match[1]);
    }
    expect(recorded.size).toBeGreaterThan(30);
    const missing = [...recorded].filter((name) => registry.classNamed(name)?.name !== name);
    // An event class no handler takes cannot be re-created from an outbox row: give it a handler.
    expect(missing).toEqual([]);
  });

  it('refuses two event classes of one name', async () => {
    const registry = await registryOfAllHandlers();
    const [known] = registry.eventClasses;
    const impostor = { [known.name]: class {} }[known.name] as unknown as EventClass;
    Reflect.defineMetadata('__event__', { id: 'impostor' }, impostor);
    expect(() => registry.register([impostor], { name: 'Impostor', instance: {} as IEventHandler<IEvent> })).toThrow(/two event classes/);
  });
});
