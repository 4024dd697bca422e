/**
 * A reader a module needs from a module above it, which it cannot import (modules form a
 * tree: docs/architecture.md, "The rules, and why"). The lower module declares what it
 * asks as an interface and an injectable slot extending this class; the module above,
 * which imports it, fills the slot with its own reader at start-up (`onModuleInit`), as
 * `GroupMembershipWatchers` takes its watchers. Reads through the slot then go to the
 * owner's reader like any other call, inside the caller's transaction.
 */
export abstract class ReaderSlot<T> {
  private filled: T | undefined;

  /** What the slot holds, for the error when nothing filled it. */
  protected abstract readonly description: string;

  fill(reader: T): void {
    if (this.filled !== undefined) throw new Error(`${this.description}: filled twice`);
    this.filled = reader;
  }

  /** The reader the module above put here. */
  get reader(): T {
    if (this.filled === undefined) throw new Error(`${this.description}: not filled (its module's reader registers at start-up)`);
    return this.filled;
  }
}
