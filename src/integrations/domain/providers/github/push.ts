import { pyRstrip } from '../../../../shared/message-content';
import { CommitData, commitCommentMessage, pushCommitsMessage, pushTagMessage } from '../git/messages';
import { GitHubEvent, branchFromRef, senderName, tagFromRef } from './fields';

/** GitHub's `push`, `create`, `delete`, `commit_comment` and `gollum` (wiki) events. */

export function pushCommitsBody(event: GitHubEvent): string {
  const { payload } = event;
  const commits: CommitData[] = payload
    .at('commits')
    .list()
    .map((commit) => {
      const author = commit.at('author');
      const username = author.get('username');
      return {
        name: username.truthy ? username.string() : author.at('name').string(),
        sha: commit.at('id').string(),
        url: commit.at('url').string(),
        message: commit.at('message').string(),
      };
    });
  return pushCommitsMessage({
    userName: senderName(payload),
    compareUrl: payload.at('compare').string(),
    branchName: branchFromRef(payload.at('ref').string()),
    commits,
    deleted: payload.at('deleted').bool(),
    forcePush: payload.at('forced').bool(),
  });
}

export function pushTagsBody(event: GitHubEvent): string {
  const { payload } = event;
  const tag = tagFromRef(payload.at('ref').string());
  return pushTagMessage(senderName(payload), tag, payload.at('created').bool() ? 'pushed' : 'removed');
}

/** `create` and `delete`: a branch or a tag. */
export function createOrDeleteBody(action: 'created' | 'deleted'): (event: GitHubEvent) => string {
  return ({ payload }) => {
    const refType = payload.at('ref_type').string();
    return pyRstrip(`${senderName(payload)} ${action} ${refType} ${payload.at('ref').string()}.`);
  };
}

export function commitCommentBody(event: GitHubEvent): string {
  const { payload } = event;
  const comment = payload.at('comment');
  const commentUrl = comment.at('html_url').string();
  const commitUrl = commentUrl.split('#', 1)[0];
  return commitCommentMessage(
    senderName(payload),
    `[commented](${commentUrl})`,
    commitUrl,
    comment.at('commit_id').string(),
    comment.at('body').string(),
  );
}

export function wikiPagesBody(event: GitHubEvent): string {
  const { payload } = event;
  let pages = '';
  for (const page of payload.at('pages').list()) {
    pages += `* ${page.at('action').string()} [${page.at('title').string()}](${page.at('html_url').string()})\n`;
  }
  return `${senderName(payload)}:\n${pyRstrip(pages)}`;
}
