import { CommitData, EMPTY_SHA, pushCommitsMessage, pushTagMessage, removeBranchMessage } from '../git/messages';
import { GitLabEvent, branchName, projectHomepage, pusherName, tagName } from './fields';

/** GitLab's Push Hook and Tag Push Hook. */

export function pushBody({ payload }: GitLabEvent): string {
  const after = payload.get('after');
  if (after.truthy && after.string() === EMPTY_SHA) {
    return removeBranchMessage(pusherName(payload), branchName(payload));
  }
  const compareUrl = `${projectHomepage(payload)}/-/compare/${payload.at('before').string()}...${payload.at('after').string()}`;
  const commits: CommitData[] = payload
    .at('commits')
    .list()
    .map((commit) => ({
      name: commit.at('author').at('name').string(),
      sha: commit.at('id').string(),
      message: commit.at('message').string(),
      url: commit.at('url').string(),
    }));
  return pushCommitsMessage({ userName: pusherName(payload), compareUrl, branchName: branchName(payload), commits });
}

export function tagPushBody({ payload }: GitLabEvent): string {
  const action = payload.get('checkout_sha').truthy ? 'pushed' : 'removed';
  return pushTagMessage(pusherName(payload), tagName(payload), action);
}
