import { Injectable, OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';

/** The tables of modules above messages that messages' own single statements join. */
const TABLES = ['reaction', 'submessage', 'muted_user'] as const;
export type MessageRelationTable = (typeof TABLES)[number];

/**
 * One such table's read relation, given by its owner (docs/architecture.md, "Each table has
 * one owner module"): `relation(alias)` is a table expression, as in the owner's
 * `persistence/<owner>.read-relations.ts`.
 */
export interface MessageRelationSource {
  readonly table: MessageRelationTable;
  relation(alias: string): string;
}

/** Nest's discoverable class decorator under a key of its own. */
const RelationSource = DiscoveryService.createDecorator<true>();

/** Marks a provider as a `MessageRelationSource`: `MessageRelations` finds it at start-up. */
export function ProvidesMessageRelation(): ClassDecorator {
  return RelationSource(true);
}

/**
 * A base class giving `relation` as `table`'s relation; the owner's module subclasses it,
 * marks the subclass `@ProvidesMessageRelation()` (discovery finds the marked class itself,
 * not its base) and provides it.
 */
export function messageRelationSource(
  table: MessageRelationTable,
  relation: (alias: string) => string,
): new () => MessageRelationSource {
  return class implements MessageRelationSource {
    readonly table = table;

    relation(alias: string): string {
      return relation(alias);
    }
  };
}

/**
 * The read relations of reactions, submessages and mutes, which every loaded message (its
 * reactions and submessages), a narrow (`has:reaction`) and a send (who muted the sender)
 * read inside one statement. Their modules import messages, so messages cannot import
 * their relations: each owner provides its own here, found once at start-up.
 */
@Injectable()
export class MessageRelations implements OnModuleInit {
  private readonly relations = new Map<MessageRelationTable, MessageRelationSource>();

  constructor(private readonly discovery: DiscoveryService) {}

  onModuleInit(): void {
    for (const wrapper of this.discovery.getProviders({ metadataKey: RelationSource.KEY })) {
      const source = wrapper.instance as MessageRelationSource;
      this.relations.set(source.table, source);
    }
    // The statements need every one: a missing owner fails the start, not a request.
    const missing = TABLES.filter((table) => !this.relations.has(table));
    if (missing.length > 0) throw new Error(`No read relation of ${missing.join(', ')}: their owners' modules are not loaded`);
  }

  /** The owner's relation of `table` as `alias`. */
  of(table: MessageRelationTable, alias: string): string {
    return (this.relations.get(table) as MessageRelationSource).relation(alias);
  }
}
