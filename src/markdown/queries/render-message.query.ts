import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Actor } from '../../shared/actor';
import { MessageRenderer } from '../message-renderer';

/** `POST /messages/render`: the content as it would be stored, in the user's realm. */
export class RenderMessageQuery {
  constructor(
    readonly user: Actor,
    readonly content: string,
  ) {}
}

@QueryHandler(RenderMessageQuery)
export class RenderMessageHandler implements IQueryHandler<RenderMessageQuery, { rendered: string }> {
  constructor(
    private readonly renderer: MessageRenderer,
  ) {}

  async execute(query: RenderMessageQuery): Promise<{ rendered: string }> {
    const { user, content } = query;
    const rendering = await this.renderer.render(user.realmId, user, content);
    return { rendered: rendering.html };
  }
}
