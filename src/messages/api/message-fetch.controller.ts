import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { CurrentUser } from '../../wire/decorators';
import { Params } from '../../wire/params/params.decorator';
import { Actor } from '../../shared/actor';
import { FetchedMessage, GetMessageQuery } from '../queries/get-message.query';
import { FetchedMessages, GetMessagesQuery } from '../queries/get-messages.query';
import { GetMessageResult, GetMessagesResult, presentFetchedMessage, presentFetchedMessages } from './message.presenter';
import { MessagesMatchNarrowQuery, MessagesMatchNarrowResult } from '../queries/messages-match-narrow.query';
import { expectIntegerList } from '../../shared/json-shapes';
import { parseNarrow } from '../domain/narrow';
import { GetMessageParams, GetMessagesParams, getMessagesRequest, MatchesNarrowParams, messageIdFromPath } from './message-fetch.params';

/** Reading messages: a narrow's window (`GET /messages`) and one message by id. */
@Controller('api/v1')
export class MessageFetchController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('messages')
  async getMessages(@CurrentUser() user: Actor, @Params(GetMessagesParams) p: GetMessagesParams): Promise<GetMessagesResult> {
    const request = getMessagesRequest(p);
    const fetched = await this.queryBus.execute<GetMessagesQuery, FetchedMessages>(new GetMessagesQuery(user, request.plan, request.narrow));
    return presentFetchedMessages(fetched, request.presentation);
  }

  /** Zulip's `messages_in_narrow_backend`; a static path, so it never reaches the id route. */
  @Get('messages/matches_narrow')
  matchesNarrow(@CurrentUser() user: Actor, @Params(MatchesNarrowParams) p: MatchesNarrowParams): Promise<MessagesMatchNarrowResult> {
    const messageIds = expectIntegerList('msg_ids', p.msg_ids);
    const narrow = parseNarrow(p.narrow);
    return this.queryBus.execute(new MessagesMatchNarrowQuery(user, messageIds, narrow));
  }

  @Get('messages/:message_id')
  async getMessage(@CurrentUser() user: Actor, @Params(GetMessageParams) p: GetMessageParams): Promise<GetMessageResult> {
    // Zulip always answers this one with client_gravatar on.
    const presentation = { applyMarkdown: p.apply_markdown, clientGravatar: true, allowEmptyTopicName: p.allow_empty_topic_name };
    const fetched = await this.queryBus.execute<GetMessageQuery, FetchedMessage>(new GetMessageQuery(user, messageIdFromPath(p.message_id)));
    return presentFetchedMessage(fetched, presentation);
  }
}
