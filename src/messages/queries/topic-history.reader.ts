import { Injectable } from '@nestjs/common';
import { TopicHistory } from '../../markdown/public/messages.port';
import { MessageSearchRepository } from '../persistence/message-search.repository';

/** The message history rendering reads (channel topic links, `@topic`), for the markdown module. */
@Injectable()
export class TopicHistoryReader implements TopicHistory {
  constructor(private readonly search: MessageSearchRepository) {}

  oldestMessageId(recipientId: number, topic: string, viewerId: number | null, readsHistory: boolean): Promise<number | null> {
    return this.search.oldestInTopic(recipientId, topic, viewerId, readsHistory);
  }

  participantIds(recipientId: number, topic: string): Promise<number[]> {
    return this.search.topicParticipantIds(recipientId, topic);
  }
}
