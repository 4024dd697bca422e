import { pyRstrip } from '../../../../shared/message-content';
import { CommitData, commitCommentMessage, pushCommitsMessage, pushTagMessage } from '../git/messages';
import { GitHubEvent, branchFromRef, senderName, tagFromRef } from './fields';

/** GitHub's `push`, `create`, `delete`, `commit_comment` and `gollum` (wiki) events. */

export function pushCommitsBody(event: GitHubEvent): string {
  const { payload } = event;
  const commits: CommitData[] = payload
    .get('commits')
    .list()
    .map((commit) => {
      const author = commit.get('author');
      const username = author.opt('username');
      return {
        name: username.truthy() ? username.string() : author.get('name').string(),
        sha: commit.get('id').string(),
        url: commit.get('url').string(),
        message: commit.get('message').string(),
      };
    });
  return pushCommitsMessage({
    userName: senderName(payload),
    compareUrl: payload.get('compare').string(),
    branchName: branchFromRef(payload.get('ref').string()),
    commits,
    deleted: payload.get('deleted').bool(),
    forcePush: payload.get('forced').bool(),
  });
}

export function pushTagsBody(event: GitHubEvent): string {
  const { payload } = event;
  const tag = tagFromRef(payload.get('ref').string());
  return pushTagMessage(senderName(payload), tag, payload.get('created').bool() ? 'pushed' : 'removed');
}

/** `create` and `delete`: a branch or a tag. */
export function createOrDeleteBody(action: 'created' | 'deleted'): (event: GitHubEvent) => string {
  return ({ payload }) => {
    const refType = payload.get('ref_type').string();
    return pyRstrip(`${senderName(payload)} ${action} ${refType} ${payload.get('ref').string()}.`);
  };
}

export function commitCommentBody(event: GitHubEvent): string {
  const { payload } = event;
  const comment = payload.get('comment');
  const commentUrl = comment.get('html_url').string();
  const commitUrl = commentUrl.split('#', 1)[0];
  return commitCommentMessage(
    senderName(payload),
    `[commented](${commentUrl})`,
    commitUrl,
    comment.get('commit_id').string(),
    comment.get('body').string(),
  );
}

export function wikiPagesBody(event: GitHubEvent): string {
  const { payload } = event;
  let pages = '';
  for (const page of payload.get('pages').list()) {
    pages += `* ${page.get('action').string()} [${page.get('title').string()}](${page.get('html_url').string()})\n`;
  }
  return `${senderName(payload)}:\n${pyRstrip(pages)}`;
}
