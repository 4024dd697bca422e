import { Global, Module } from '@nestjs/common';
import { TopicHistory } from '../markdown/public/topic-history';
import { MessageSearchRepository } from './persistence/message-search.repository';
import { TopicHistoryReader } from './queries/topic-history.reader';

/**
 * Provides the markdown module's `TopicHistory` from this module's tables. Global because
 * markdown sits below messages: it cannot import the messages module, which imports it.
 */
@Global()
@Module({
  providers: [MessageSearchRepository, TopicHistoryReader, { provide: TopicHistory, useExisting: TopicHistoryReader }],
  exports: [TopicHistory],
})
export class TopicHistoryModule {}
