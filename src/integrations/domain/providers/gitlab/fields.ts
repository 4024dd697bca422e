import { WildValue } from '../shared/wild-value';

/**
 * What every GitLab formatter reads: the payload, and whether the message must name its item
 * itself because the URL's `topic` parameter replaces the item's own topic.
 */
export interface GitLabEvent {
  readonly payload: WildValue;
  readonly includeTitle: boolean;
}

export type BodyFormatter = (event: GitLabEvent) => string;

/** The project's name; Job Hook payloads have no `project`, only a `repository`. */
export function repoName(payload: WildValue): string {
  if (payload.has('project')) return payload.at('project').at('name').string();
  return payload.at('repository').at('name').string();
}

export function projectHomepage(payload: WildValue): string {
  if (payload.has('project')) return payload.at('project').at('web_url').string();
  return payload.at('repository').at('homepage').string();
}

/** Who pushed (push and tag push hooks). */
export function pusherName(payload: WildValue): string {
  return payload.at('user_name').string();
}

/** Who acted (issue, merge request, note and wiki hooks). */
export function userName(payload: WildValue): string {
  return payload.at('user').at('name').string();
}

/** Every occurrence goes, as Python's `str.replace` does, not only a leading one. */
export function branchName(payload: WildValue): string {
  return payload.at('ref').string().replaceAll('refs/heads/', '');
}

export function tagName(payload: WildValue): string {
  return payload.at('ref').string().replaceAll('refs/tags/', '');
}

export function objectTitleIf(event: GitLabEvent, item: WildValue): string | null {
  return event.includeTitle ? item.at('title').string() : null;
}
