import { Injectable } from '@nestjs/common';
import { ProfileData, ProfileDataReader } from '../../profile-fields/queries/profile-data.reader';
import { UserDirectory } from '../../users/queries/user-directory';
import { isoTimestamp, ListedUserView } from '../../users/public/listed-user';

/** A realm's users as user lists show them, with their profile data. */
export interface RealmUserList {
  users: readonly ListedUserView[];
  profiles: ReadonlyMap<number, ProfileData>;
}

interface CachedList extends RealmUserList {
  version: string;
}

/** Realms whose lists a process keeps; the least recently read goes first. */
const CACHED_REALMS = 64;

/**
 * Register's `realm_users`, read once per change rather than once per register: the list
 * of a thousand users was the largest part of register, in the database and here.
 *
 * A list is kept with the realm's user directory version, which every transaction that
 * changes what the list shows bumps at commit (see the UserDirectoryVersion migration), and
 * is used only while the version is unchanged. The version is read before the list, so a
 * kept list holds every change up to its version (perhaps a later one too, which only
 * costs a reread); a change committed after the version read comes as an event to the
 * queue register created before. Lists are shared: callers must not change them.
 */
@Injectable()
export class RealmUserDirectory {
  private readonly lists = new Map<number, CachedList>();

  constructor(
    private readonly users: UserDirectory,
    private readonly profileData: ProfileDataReader,
  ) {}

  async list(realmId: number): Promise<RealmUserList> {
    const version = await this.users.directoryVersion(realmId);
    const cached = this.lists.get(realmId);
    if (cached && version !== null && cached.version === version) {
      this.lists.delete(realmId);
      this.lists.set(realmId, cached);
      return cached;
    }
    const [views, profiles] = await Promise.all([this.users.listInRealm(realmId), this.profileData.forUsers(realmId, null)]);
    const users: ListedUserView[] = views.map((view) => Object.assign(view, { dateJoinedText: isoTimestamp(view.dateJoined) }));
    // A realm with no version yet (no change since the version table came) is read each time.
    if (version !== null) this.remember(realmId, { version, users, profiles });
    return { users, profiles };
  }

  private remember(realmId: number, list: CachedList): void {
    const known = this.lists.get(realmId);
    // A slower concurrent reader must not replace a newer list with its older one.
    if (known && BigInt(known.version) > BigInt(list.version)) return;
    this.lists.delete(realmId);
    this.lists.set(realmId, list);
    if (this.lists.size > CACHED_REALMS) this.lists.delete(this.lists.keys().next().value as number);
  }
}
