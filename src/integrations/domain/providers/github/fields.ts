import { Payload } from '../git/payload';

/**
 * What every GitHub formatter reads: the payload, and whether the message must name its item
 * itself because the URL's `topic` parameter replaces the item's own topic.
 */
export interface GitHubEvent {
  readonly payload: Payload;
  readonly includeTitle: boolean;
}

export type BodyFormatter = (event: GitHubEvent) => string;

export function senderName(payload: Payload): string {
  return payload.get('sender').get('login').string();
}

export function senderUrl(payload: Payload): string {
  return payload.get('sender').get('html_url').string();
}

export function repositoryName(payload: Payload): string {
  return payload.get('repository').get('name').string();
}

export function repositoryFullName(payload: Payload): string {
  return payload.get('repository').get('full_name').string();
}

export function repositoryUrl(payload: Payload): string {
  return payload.get('repository').get('html_url').string();
}

/** The item's title when the message has to name it (a `topic` URL parameter), else null. */
export function titleIf(event: GitHubEvent, item: Payload): string | null {
  return event.includeTitle ? item.get('title').string() : null;
}

/** "[commented](url) on" for a new comment, "edited a [comment](url) on" and so on otherwise. */
export function commentAction(payload: Payload): string {
  const action = payload.get('action').string();
  const verb = action === 'created' ? '[commented]' : `${action} a [comment]`;
  return `${verb}(${payload.get('comment').get('html_url').string()}) on`;
}

export function branchFromRef(ref: string): string {
  return ref.replace(/^refs\/heads\//, '');
}

export function tagFromRef(ref: string): string {
  return ref.replace(/^refs\/tags\//, '');
}
