import { Injectable } from '@nestjs/common';
import { Database } from '../../platform/database/database';

/**
 * Something outside the groups module whose state depends on who belongs to a group
 * (channels whose access is granted through group settings). It looks before a
 * membership change and returns what to do after it, both inside the changing
 * transaction, so it can compare and record events that leave with the commit.
 */
export interface GroupMembershipWatcher {
  beforeMembershipChange(realmId: number, groupId: number): Promise<() => Promise<void>>;
}

/**
 * The watchers, registered by the modules that have them (the groups module cannot import
 * those modules: they import it).
 */
@Injectable()
export class GroupMembershipWatchers {
  constructor(private readonly database: Database) {}

  private readonly watchers: GroupMembershipWatcher[] = [];

  register(watcher: GroupMembershipWatcher): void {
    this.watchers.push(watcher);
  }

  /** Runs `change`, which alters the membership of `groupId` (users or subgroups), between the watchers' looks. */
  async around<T>(realmId: number, groupId: number, change: () => Promise<T>): Promise<T> {
    const afterwards: (() => Promise<void>)[] = [];
    for (const watcher of this.watchers) afterwards.push(await watcher.beforeMembershipChange(realmId, groupId));
    const result = await change();
    for (const after of afterwards) await after();
    return result;
  }
}
