import { isBranchNotifiable, pullRequestOrIssueTopic } from '../git/messages';
import { WildValue } from '../shared/wild-value';
import { BodyFormatter, branchName, repoName } from './fields';
import { issueBody, issueOpenedBody, mergeRequestBody, mergeRequestOpenedOrUpdatedBody, mergeRequestUpdatedBody } from './issues';
import { commitNoteBody, issueNoteBody, mergeRequestNoteBody, snippetNoteBody } from './notes';
import { buildBody, pipelineBody, releaseBody, testBody, wikiPageBody } from './pipelines';
import { pushBody, tagPushBody } from './push';

/**
 * Zulip's event names for GitLab: the `X-GitLab-Event` header, with the action (issues, merge
 * requests, wiki pages) or the commented item (notes) appended. These are what
 * `only_events`/`exclude_events` match.
 */
export const GITLAB_FORMATTERS: Readonly<Record<string, BodyFormatter>> = {
  'Push Hook': pushBody,
  'Tag Push Hook': tagPushBody,
  'Test Hook': testBody,
  'Issue Hook open': issueOpenedBody,
  'Issue Hook close': issueBody('closed'),
  'Issue Hook reopen': issueBody('reopened'),
  'Issue Hook update': issueBody('updated'),
  'Confidential Issue Hook open': issueOpenedBody,
  'Confidential Issue Hook close': issueBody('closed'),
  'Confidential Issue Hook reopen': issueBody('reopened'),
  'Confidential Issue Hook update': issueBody('updated'),
  'Note Hook Commit': commitNoteBody,
  'Note Hook MergeRequest': mergeRequestNoteBody,
  'Note Hook Issue': issueNoteBody,
  'Confidential Note Hook Issue': issueNoteBody,
  'Note Hook Snippet': snippetNoteBody,
  'Merge Request Hook approved': mergeRequestBody('approved'),
  'Merge Request Hook unapproved': mergeRequestBody('unapproved'),
  'Merge Request Hook open': mergeRequestOpenedOrUpdatedBody('created'),
  'Merge Request Hook update': mergeRequestUpdatedBody,
  'Merge Request Hook merge': mergeRequestBody('merged'),
  'Merge Request Hook close': mergeRequestBody('closed'),
  'Merge Request Hook reopen': mergeRequestBody('reopened'),
  'Wiki Page Hook create': wikiPageBody('created'),
  'Wiki Page Hook update': wikiPageBody('updated'),
  'Job Hook': buildBody,
  'Build Hook': buildBody,
  'Pipeline Hook': pipelineBody,
  'Release Hook': releaseBody,
};

export const GITLAB_EVENT_TYPES: readonly string[] = Object.keys(GITLAB_FORMATTERS);

const WITH_ACTION = new Set(['Confidential Issue Hook', 'Issue Hook', 'Merge Request Hook', 'Wiki Page Hook']);
const WITH_NOTEABLE_TYPE = new Set(['Confidential Note Hook', 'Note Hook']);

export type GitLabEventName = { readonly event: string } | { readonly ignored: true } | { readonly unsupported: string };

/** Python's `str.title()`: each run of letters capitalized, the rest of it lower-cased. */
function pyTitle(text: string): string {
  let previousCased = false;
  let result = '';
  for (const char of text) {
    const cased = char.toLowerCase() !== char.toUpperCase();
    result += cased ? (previousCased ? char.toLowerCase() : char.toUpperCase()) : char;
    previousCased = cased;
  }
  return result;
}

/** Zulip's event name for a delivery (`header` is `X-GitLab-Event`), or why none is posted. */
export function gitlabEventName(header: string, payload: WildValue, branches: string | undefined): GitLabEventName {
  let event = header;
  if (event === 'System Hook') {
    // A system hook names its event in the payload: `merge_request` becomes "Merge Request Hook".
    const name = payload.has('event_name') ? payload.at('event_name').string() : payload.at('object_kind').string();
    event = `${pyTitle(name.split('__')[0].replaceAll('_', ' '))} Hook`;
  }
  if (WITH_ACTION.has(event)) {
    event = `${event} ${payload.at('object_attributes').get('action', 'open').string()}`;
  } else if (WITH_NOTEABLE_TYPE.has(event)) {
    event = `${event} ${payload.at('object_attributes').at('noteable_type').string()}`;
  } else if (event === 'Push Hook' && branches !== undefined && !isBranchNotifiable(branchName(payload), branches)) {
    return { ignored: true };
  }
  return Object.prototype.hasOwnProperty.call(GITLAB_FORMATTERS, event) ? { event } : { unsupported: event };
}

/** The topic Zulip gives an event: the branch, the item (MR, issue, snippet), or the project. */
export function gitlabTopic(event: string, payload: WildValue, useMergeRequestTitle: boolean): string {
  if (event === 'Push Hook') return `${repoName(payload)} / ${branchName(payload)}`;
  if (event === 'Job Hook' || event === 'Build Hook') {
    return `${payload.at('repository').at('name').string()} / ${branchName(payload)}`;
  }
  if (event === 'Pipeline Hook') {
    const ref = payload.at('object_attributes').at('ref').string().replaceAll('refs/heads/', '');
    return `${repoName(payload)} / ${ref}`;
  }
  if (event.startsWith('Merge Request Hook')) return itemTopic(payload, 'object_attributes', 'MR', 'iid', useMergeRequestTitle);
  if (event.startsWith('Issue Hook') || event.startsWith('Confidential Issue Hook')) {
    return itemTopic(payload, 'object_attributes', 'issue', 'iid', true);
  }
  if (event === 'Note Hook Issue' || event === 'Confidential Note Hook Issue') return itemTopic(payload, 'issue', 'issue', 'iid', true);
  if (event === 'Note Hook MergeRequest') return itemTopic(payload, 'merge_request', 'MR', 'iid', useMergeRequestTitle);
  if (event === 'Note Hook Snippet') return itemTopic(payload, 'snippet', 'snippet', 'id', true);
  return repoName(payload);
}

/** "project / MR #3 title"; without the title (`use_merge_request_title=false`) the topic ends at the number. */
function itemTopic(payload: WildValue, key: string, type: string, idKey: string, withTitle: boolean): string {
  const item = payload.at(key);
  const title = withTitle ? item.at('title').string() : '';
  return pullRequestOrIssueTopic(repoName(payload), type, item.at(idKey).int(), title);
}
