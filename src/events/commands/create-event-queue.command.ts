import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventQueueSettings } from '../../platform/config/settings';
import { EventQueueStore } from '../../platform/events/queues/event-queue-store';
import { ApiError } from '../../shared/api-error';
import { notAuthorizedForQuery } from '../../shared/authorization';
import { isGuest } from '../../shared/roles';
import { dialectOfClient } from '../../shared/wire-dialect';
import { QueueDescriptor, QueueLimitReached, queueLifespan } from '../../platform/events/queues/queue-descriptor';
import { QueueIds } from '../../platform/events/queues/queue-ids';
import { UserDirectory } from '../../users/queries/user-directory';

/** What a client chose at register; the rest of the descriptor is the server's. */
export type EventQueueOptions = Omit<QueueDescriptor, 'queueId' | 'userId' | 'quotaUserId' | 'realmId' | 'lifespanSecs' | 'dialect'>;

/** The queue half of `POST /register`; its state half reads after the queue exists. */
export class CreateEventQueueCommand {
  constructor(
    /** The queue's owner. */
    readonly user: { id: number; realmId: number; role: number; isBot: boolean },
    readonly options: EventQueueOptions,
    /** `lifespan_secs` as asked; 0 for the server's idle timeout. */
    readonly requestedLifespanSecs = 0,
  ) {}
}

@CommandHandler(CreateEventQueueCommand)
export class CreateEventQueueHandler implements ICommandHandler<CreateEventQueueCommand, string> {
  constructor(
    private readonly store: EventQueueStore,
    private readonly settings: EventQueueSettings,
    private readonly queueIds: QueueIds,
    private readonly users: UserDirectory,
  ) {}

  async execute(command: CreateEventQueueCommand): Promise<string> {
    const { user } = command;
    // Zulip's do_events_register: guests cannot read public channels they are not in.
    if (command.options.allPublicStreams && isGuest(user.role)) throw notAuthorizedForQuery();
    const queueId = this.queueIds.next();
    // A bot's queues count toward its owner's cap: with a cap per bot, a member's hundred
    // bots could hold a hundred times as many queues.
    const owner = user.isBot ? ((await this.users.findById(user.id))?.botOwnerId ?? null) : null;
    try {
      await this.store.create(
        {
          queueId,
          userId: user.id,
          quotaUserId: owner ?? user.id,
          realmId: user.realmId,
          ...command.options,
          dialect: dialectOfClient(command.options.clientName),
          lifespanSecs: queueLifespan(command.requestedLifespanSecs, this.settings.idleSeconds),
        },
        Date.now(),
      );
    } catch (error) {
      // Every queue of the user is in use (a poll parked on each): none may be dropped for this one.
      if (error instanceof QueueLimitReached) {
        throw ApiError.badRequest(`Too many event queues: this user already has ${error.limit} with a client polling each`);
      }
      throw error;
    }
    return queueId;
  }
}
