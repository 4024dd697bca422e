import { performance } from 'node:perf_hooks';
import { createTestRealm, TestRealm, TestUser } from '../test/support/api';
import { ServerProcess } from '../test/support/server-process';
import { log, mapLimit } from './harness';
import { databaseClient, loadHistory, readLayout } from './history';
import { cloneUsers, subscribeUsers } from './users';

/** The shape of an established realm, as the register and web benchmarks build it. */
export interface LargeRealmShape {
  users: number;
  channels: number;
  messages: number;
  /** Channels each other user is subscribed to; the measured user has `benchSubscriptions`. */
  subscriptionsPerUser: number;
  benchSubscriptions: number;
}

export interface LargeRealm {
  realm: TestRealm;
  /** The measured user: subscribed to the first `benchSubscriptions` channels, password `user-password`. */
  benchUser: TestUser;
  /** The other side of the measured user's direct conversation (also made through the API). */
  dmPartner: TestUser;
  /** Every user: the measured one, the partner, then the copies. */
  userIds: number[];
  channelNames: string[];
}

/**
 * A realm of `users` users and `channels` channels with `messages` messages (one in ten
 * unread), written mostly by SQL (the API would take far too long), then vacuumed and
 * checkpointed as an established realm's database would be.
 */
export async function buildLargeRealm(server: ServerProcess, prefix: string, shape: LargeRealmShape): Promise<LargeRealm> {
  const setupStart = performance.now();
  const realm = await createTestRealm(prefix);
  // Two users through the API: the measured one (who needs a working API key) and the
  // other side of its direct conversation, the template of the rest, copied by SQL.
  const benchUser = await realm.createUser(`${capitalized(prefix)} User 1`);
  const dmPartner = await realm.createUser(`${capitalized(prefix)} User 2`);
  const db = databaseClient(server);
  await db.connect();
  try {
    const copies = await cloneUsers(db, dmPartner.userId, shape.users - 3, `${realm.subdomain}.test`, `${capitalized(prefix)} User`);
    const userIds = [benchUser.userId, dmPartner.userId, ...copies];
    log(`set-up: ${shape.users} users (${seconds(setupStart)} s)`);
    const channelNames = Array.from({ length: shape.channels }, (_, i) => `channel-${String(i + 1).padStart(3, '0')}`);
    // Who is in each channel: the measured user in the first `benchSubscriptions`, every
    // other user in `subscriptionsPerUser` channels spread over all of them.
    const members = channelNames.map(() => [] as number[]);
    for (let c = 0; c < shape.benchSubscriptions; c++) members[c].push(benchUser.userId);
    userIds.slice(1).forEach((userId, i) => {
      for (let k = 0; k < shape.subscriptionsPerUser; k++) {
        const channel = (i * 7 + k * Math.ceil(shape.channels / shape.subscriptionsPerUser)) % shape.channels;
        if (!members[channel].includes(userId)) members[channel].push(userId);
      }
    });
    // The API creates each channel with the owner and the measured user; the other members
    // go in by SQL (adding ~100 subscribers per channel through the API took minutes).
    await mapLimit(channelNames.length, 4, async (c) => {
      const response = await realm.ownerApi.post('users/me/subscriptions', {
        subscriptions: [{ name: channelNames[c], description: `Channel ${c + 1}` }],
        principals: [realm.owner.userId, ...members[c].filter((id) => id === benchUser.userId)],
      });
      if (response.status !== 200) throw new Error(`subscribing failed: ${JSON.stringify(response.body)}`);
    });
    await subscribeUsers(db, realm.subdomain, channelNames, members);
    log(`set-up: ${channelNames.length} channels subscribed (${seconds(setupStart)} s); loading ${shape.messages.toLocaleString('en-US')} messages`);

    const senders = userIds.slice(0, 50);
    const layout = await readLayout(db, realm.subdomain, senders, channelNames, [benchUser.userId, dmPartner.userId]);
    const loadStart = performance.now();
    await loadHistory(db, layout, { messages: shape.messages, topicsPerChannel: 10, unreadEvery: 10, starUserId: benchUser.userId }, log);
    log(`loaded in ${seconds(loadStart)} s`);
    // An established realm: its channels are older than the four weeks their traffic
    // estimate covers (a channel younger than a week has none, which costs nothing).
    await db.query(`UPDATE stream SET date_created = now() - interval '60 days' WHERE realm_id = $1`, [layout.realmId]);
    // Rows written by SQL, as autovacuum would have left them in an established realm:
    // with statistics for the planner, and vacuumed (the visibility map set, so index-only
    // scans need not visit the table). Unvacuumed, register took about 8 ms more. Then a
    // checkpoint: the load leaves about a gigabyte of dirty pages, whose writing would
    // otherwise compete with the timed requests for the disk and the CPU.
    await db.query('VACUUM ANALYZE');
    await db.query('CHECKPOINT');
    return { realm, benchUser, dmPartner, userIds, channelNames };
  } finally {
    await db.end();
  }
}

const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);
