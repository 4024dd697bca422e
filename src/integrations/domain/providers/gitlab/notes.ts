import { commitCommentMessage, pullRequestMessage } from '../git/messages';
import { GitLabEvent, userName } from './fields';

/** GitLab's Note Hook (comments) on a commit, a merge request, an issue or a snippet. */

function commentedAction(event: GitLabEvent): string {
  return `[commented](${event.payload.at('object_attributes').at('url').string()})`;
}

export function commitNoteBody(event: GitLabEvent): string {
  const { payload } = event;
  const comment = payload.at('object_attributes');
  const action = commentedAction(event);
  const commit = payload.at('commit');
  return commitCommentMessage(userName(payload), action, commit.at('url').string(), commit.at('id').string(), comment.at('note').string());
}

/** A note on an item the topic names: a merge request or an issue. */
function itemNoteBody(key: 'merge_request' | 'issue', type: string): (event: GitLabEvent) => string {
  return (event) => {
    const { payload } = event;
    const action = `${commentedAction(event)} on`;
    const item = payload.at(key);
    return pullRequestMessage({
      userName: userName(payload),
      action,
      url: item.at('url').string(),
      number: item.at('iid').int(),
      message: payload.at('object_attributes').at('note').string(),
      type,
      title: event.includeTitle ? item.at('title').string() : null,
    });
  };
}

export const mergeRequestNoteBody = itemNoteBody('merge_request', 'MR');
export const issueNoteBody = itemNoteBody('issue', 'issue');

export function snippetNoteBody(event: GitLabEvent): string {
  const { payload } = event;
  const action = `${commentedAction(event)} on`;
  const snippet = payload.at('snippet');
  // Snippets carry their URL since GitLab 16.1; before, it is built from the project's.
  const url = snippet.has('url')
    ? snippet.at('url').string()
    : `${payload.at('project').at('web_url').string()}/-/snippets/${snippet.at('id').int()}`;
  return pullRequestMessage({
    userName: userName(payload),
    action,
    url,
    number: snippet.at('id').int(),
    message: payload.at('object_attributes').at('note').string(),
    type: 'snippet',
    title: event.includeTitle ? snippet.at('title').string() : null,
  });
}
