import { CommitData, EMPTY_SHA, pushCommitsMessage, pushTagMessage, removeBranchMessage } from '../git/messages';
import { GitLabEvent, branchName, projectHomepage, pusherName, tagName } from './fields';

/** GitLab's Push Hook and Tag Push Hook. */

export function pushBody({ payload }: GitLabEvent): string {
  const after = payload.opt('after');
  if (after.truthy() && after.string() === EMPTY_SHA) {
    return removeBranchMessage(pusherName(payload), branchName(payload));
  }
  const compareUrl = `${projectHomepage(payload)}/-/compare/${payload.get('before').string()}...${payload.get('after').string()}`;
  const commits: CommitData[] = payload
    .get('commits')
    .list()
    .map((commit) => ({
      name: commit.get('author').get('name').string(),
      sha: commit.get('id').string(),
      message: commit.get('message').string(),
      url: commit.get('url').string(),
    }));
  return pushCommitsMessage({ userName: pusherName(payload), compareUrl, branchName: branchName(payload), commits });
}

export function tagPushBody({ payload }: GitLabEvent): string {
  const action = payload.opt('checkout_sha').truthy() ? 'pushed' : 'removed';
  return pushTagMessage(pusherName(payload), tagName(payload), action);
}
