import { Payload } from '../git/payload';

/**
 * What every GitLab formatter reads: the payload, and whether the message must name its item
 * itself because the URL's `topic` parameter replaces the item's own topic.
 */
export interface GitLabEvent {
  readonly payload: Payload;
  readonly includeTitle: boolean;
}

export type BodyFormatter = (event: GitLabEvent) => string;

/** The project's name; Job Hook payloads have no `project`, only a `repository`. */
export function repoName(payload: Payload): string {
  if (payload.has('project')) return payload.get('project').get('name').string();
  return payload.get('repository').get('name').string();
}

export function projectHomepage(payload: Payload): string {
  if (payload.has('project')) return payload.get('project').get('web_url').string();
  return payload.get('repository').get('homepage').string();
}

/** Who pushed (push and tag push hooks). */
export function pusherName(payload: Payload): string {
  return payload.get('user_name').string();
}

/** Who acted (issue, merge request, note and wiki hooks). */
export function userName(payload: Payload): string {
  return payload.get('user').get('name').string();
}

/** Every occurrence goes, as Python's `str.replace` does, not only a leading one. */
export function branchName(payload: Payload): string {
  return payload.get('ref').string().replaceAll('refs/heads/', '');
}

export function tagName(payload: Payload): string {
  return payload.get('ref').string().replaceAll('refs/tags/', '');
}

export function objectTitleIf(event: GitLabEvent, item: Payload): string | null {
  return event.includeTitle ? item.get('title').string() : null;
}
