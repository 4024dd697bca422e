import { ApiError } from '../../shared/api-error';
import { expectIntegerList } from '../../shared/json-shapes';
import { WireParam } from '../../wire/params/wire-param';
import { FetchPlan, fetchPlan } from '../domain/message-range';
import { NarrowTerm, parseNarrow } from '../domain/narrow';
import { MessagePresentation } from '../public/message-dict';

/** `GET /messages`; range parameters have no defaults here, since their presence matters. */
export class GetMessagesParams {
  @WireParam('string', { optional: true }) anchor?: string;
  @WireParam('bool', { optional: true }) include_anchor?: boolean;
  /** Read as text so that any malformed value is "not an integer" (see `integerParam`). */
  @WireParam('string', { optional: true }) num_before?: string;
  @WireParam('string', { optional: true }) num_after?: string;
  @WireParam('json', { optional: true }) narrow?: unknown;
  @WireParam('bool', { optional: true }) use_first_unread_anchor?: boolean;
  @WireParam('bool', { default: true }) client_gravatar!: boolean;
  @WireParam('bool', { default: true }) apply_markdown!: boolean;
  @WireParam('bool', { default: false }) allow_empty_topic_name!: boolean;
  @WireParam('json', { optional: true }) message_ids?: unknown;
}

/** `GET /messages/matches_narrow`: both JSON texts, as the Python client's `check_messages_match_narrow` sends them. */
export class MatchesNarrowParams {
  @WireParam('json') msg_ids!: unknown;
  @WireParam('json') narrow!: unknown;
}

/** `GET /messages/{message_id}`. */
export class GetMessageParams {
  @WireParam('string', { path: true }) message_id!: string;
  @WireParam('bool', { default: true }) apply_markdown!: boolean;
  @WireParam('bool', { default: false }) allow_empty_topic_name!: boolean;
}

export interface GetMessagesRequest {
  plan: FetchPlan;
  narrow: NarrowTerm[];
  presentation: MessagePresentation;
}

/** An integer given as JSON text; anything else, even text that is not JSON, is "not an integer". */
function integerParam(name: string, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    value = undefined;
  }
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw ApiError.badRequest(`${name} is not an integer`);
  return value;
}

/** Checks the shapes of `narrow` and `message_ids`, then the range parameters, in Zulip's order. */
export function getMessagesRequest(p: GetMessagesParams): GetMessagesRequest {
  const narrow = p.narrow === undefined || p.narrow === null ? [] : parseNarrow(p.narrow);
  let messageIds: number[] | undefined;
  if (p.message_ids !== undefined && p.message_ids !== null) {
    messageIds = expectIntegerList('message_ids', p.message_ids);
    messageIds.forEach((id, index) => {
      if (id < 0) throw ApiError.badRequest(`message_ids[${index}] is too small`);
    });
  }
  const plan = fetchPlan({
    anchor: p.anchor,
    includeAnchor: p.include_anchor,
    numBefore: integerParam('num_before', p.num_before),
    numAfter: integerParam('num_after', p.num_after),
    useFirstUnreadAnchor: p.use_first_unread_anchor,
    messageIds,
  });
  return {
    plan,
    narrow,
    presentation: { applyMarkdown: p.apply_markdown, clientGravatar: p.client_gravatar, allowEmptyTopicName: p.allow_empty_topic_name },
  };
}

/** The path's message id: digits only, as Zulip's route accepts. */
export function messageIdFromPath(raw: string): number {
  if (!/^\d+$/.test(raw)) throw ApiError.badRequest('message_id is not an integer');
  const id = Number(raw);
  return Number.isSafeInteger(id) ? id : Number.MAX_SAFE_INTEGER;
}
