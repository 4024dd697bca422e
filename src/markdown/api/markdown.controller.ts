import { Controller, Delete, Get, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiError } from '../../shared/api-error';
import { CurrentUser } from '../../wire/decorators';
import { expectStringList } from '../../shared/json-shapes';
import { Params } from '../../wire/params/params.decorator';
import { WireParam } from '../../wire/params/wire-param';
import { Actor } from '../../shared/actor';
import { ChangeAlertWordsCommand } from '../commands/change-alert-words.command';
import { GetAlertWordsQuery } from '../queries/get-alert-words.query';
import { RenderMessageQuery } from '../queries/render-message.query';

class RenderParams {
  @WireParam('string') content!: string;
}

class AlertWordsParams {
  @WireParam('json') alert_words!: unknown;
}

const MAX_ALERT_WORD_LENGTH = 100;

function alertWordList(value: unknown): string[] {
  const words = expectStringList('alert_words', value);
  words.forEach((word, index) => {
    if (word.length > MAX_ALERT_WORD_LENGTH) {
      throw ApiError.badRequest(`alert_words[${index}] is too long (limit: ${MAX_ALERT_WORD_LENGTH} characters)`);
    }
  });
  return words;
}

/** `POST /messages/render` and the user's alert words. */
@Controller('api/v1')
export class MarkdownController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Post('messages/render')
  render(@CurrentUser() user: Actor, @Params(RenderParams) p: RenderParams): Promise<{ rendered: string }> {
    return this.queryBus.execute(new RenderMessageQuery(user, p.content));
  }

  @Get('users/me/alert_words')
  async list(@CurrentUser() user: Actor): Promise<{ alert_words: string[] }> {
    return { alert_words: await this.queryBus.execute<GetAlertWordsQuery, string[]>(new GetAlertWordsQuery(user.id)) };
  }

  @Post('users/me/alert_words')
  add(@CurrentUser() user: Actor, @Params(AlertWordsParams) p: AlertWordsParams): Promise<{ alert_words: string[] }> {
    return this.commandBus.execute(new ChangeAlertWordsCommand(user, 'add', alertWordList(p.alert_words)));
  }

  @Delete('users/me/alert_words')
  remove(@CurrentUser() user: Actor, @Params(AlertWordsParams) p: AlertWordsParams): Promise<{ alert_words: string[] }> {
    return this.commandBus.execute(new ChangeAlertWordsCommand(user, 'remove', alertWordList(p.alert_words)));
  }
}
