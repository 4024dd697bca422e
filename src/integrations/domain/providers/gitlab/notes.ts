import { commitCommentMessage, pullRequestMessage } from '../git/messages';
import { GitLabEvent, userName } from './fields';

/** GitLab's Note Hook (comments) on a commit, a merge request, an issue or a snippet. */

function commentedAction(event: GitLabEvent): string {
  return `[commented](${event.payload.get('object_attributes').get('url').string()})`;
}

export function commitNoteBody(event: GitLabEvent): string {
  const { payload } = event;
  const comment = payload.get('object_attributes');
  const action = commentedAction(event);
  const commit = payload.get('commit');
  return commitCommentMessage(userName(payload), action, commit.get('url').string(), commit.get('id').string(), comment.get('note').string());
}

/** A note on an item the topic names: a merge request or an issue. */
function itemNoteBody(key: 'merge_request' | 'issue', type: string): (event: GitLabEvent) => string {
  return (event) => {
    const { payload } = event;
    const action = `${commentedAction(event)} on`;
    const item = payload.get(key);
    return pullRequestMessage({
      userName: userName(payload),
      action,
      url: item.get('url').string(),
      number: item.get('iid').int(),
      message: payload.get('object_attributes').get('note').string(),
      type,
      title: event.includeTitle ? item.get('title').string() : null,
    });
  };
}

export const mergeRequestNoteBody = itemNoteBody('merge_request', 'MR');
export const issueNoteBody = itemNoteBody('issue', 'issue');

export function snippetNoteBody(event: GitLabEvent): string {
  const { payload } = event;
  const action = `${commentedAction(event)} on`;
  const snippet = payload.get('snippet');
  // Snippets carry their URL since GitLab 16.1; before, it is built from the project's.
  const url = snippet.has('url')
    ? snippet.get('url').string()
    : `${payload.get('project').get('web_url').string()}/-/snippets/${snippet.get('id').int()}`;
  return pullRequestMessage({
    userName: userName(payload),
    action,
    url,
    number: snippet.get('id').int(),
    message: payload.get('object_attributes').get('note').string(),
    type: 'snippet',
    title: event.includeTitle ? snippet.get('title').string() : null,
  });
}
