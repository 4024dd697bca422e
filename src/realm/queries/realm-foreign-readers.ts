import { Injectable } from '@nestjs/common';
import { ReaderSlot } from '../../platform/modules/reader-slot';

/** What the realm module reads of users, from the users module's `UserDirectory`. */
export interface RealmUserReader {
  /** The realm's active users, by id: who hears of a change to the realm's settings. */
  allActiveUserIds(realmId: number): Promise<number[]>;
}

/** The users module's reader for the realm module (users sit above realm, which so cannot import them); users fills it at start-up. */
@Injectable()
export class RealmUsers extends ReaderSlot<RealmUserReader> {
  protected readonly description = 'the users reader of the realm module';
}

/** What the realm module reads of channels, from the channels module's `ChannelDirectory`. */
export interface RealmChannelReader {
  /** The realm's channel of that id, or null. */
  findById(realmId: number, id: number): Promise<{ deactivated: boolean } | null>;
}

/** The channels module's reader for the realm module (channels sit above realm); channels fills it at start-up. */
@Injectable()
export class RealmChannels extends ReaderSlot<RealmChannelReader> {
  protected readonly description = 'the channels reader of the realm module';
}
