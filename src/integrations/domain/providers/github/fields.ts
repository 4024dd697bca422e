import { WildValue } from '../shared/wild-value';

/**
 * What every GitHub formatter reads: the payload, and whether the message must name its item
 * itself because the URL's `topic` parameter replaces the item's own topic.
 */
export interface GitHubEvent {
  readonly payload: WildValue;
  readonly includeTitle: boolean;
}

export type BodyFormatter = (event: GitHubEvent) => string;

export function senderName(payload: WildValue): string {
  return payload.at('sender').at('login').string();
}

export function senderUrl(payload: WildValue): string {
  return payload.at('sender').at('html_url').string();
}

export function repositoryName(payload: WildValue): string {
  return payload.at('repository').at('name').string();
}

export function repositoryFullName(payload: WildValue): string {
  return payload.at('repository').at('full_name').string();
}

export function repositoryUrl(payload: WildValue): string {
  return payload.at('repository').at('html_url').string();
}

/** The item's title when the message has to name it (a `topic` URL parameter), else null. */
export function titleIf(event: GitHubEvent, item: WildValue): string | null {
  return event.includeTitle ? item.at('title').string() : null;
}

/** "[commented](url) on" for a new comment, "edited a [comment](url) on" and so on otherwise. */
export function commentAction(payload: WildValue): string {
  const action = payload.at('action').string();
  const verb = action === 'created' ? '[commented]' : `${action} a [comment]`;
  return `${verb}(${payload.at('comment').at('html_url').string()}) on`;
}

export function branchFromRef(ref: string): string {
  return ref.replace(/^refs\/heads\//, '');
}

export function tagFromRef(ref: string): string {
  return ref.replace(/^refs\/tags\//, '');
}
