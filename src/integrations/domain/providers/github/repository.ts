import { quote, shortSha } from '../git/messages';
import { GitHubEvent, repositoryFullName, repositoryName, repositoryUrl, senderName, senderUrl } from './fields';

/**
 * GitHub's events about a repository and its organization: membership, forks, stars,
 * releases, deployments, statuses, check runs, Pages builds, teams, and the setup ping.
 */

export function memberBody({ payload }: GitHubEvent): string {
  const member = payload.at('member');
  return (
    `${senderName(payload)} ${payload.at('action').string()} [${member.at('login').string()}](${member.at('html_url').string()})` +
    ` to [${repositoryName(payload)}](${repositoryUrl(payload)}).`
  );
}

export function membershipBody({ payload }: GitHubEvent): string {
  const action = payload.at('action').string();
  const member = payload.at('member');
  const team = payload.at('team').at('name').string();
  const preposition = action === 'removed' ? 'from' : 'to';
  return (
    `${senderName(payload)} ${action} [${member.at('login').string()}](${member.at('html_url').string()})` +
    ` ${preposition} the ${team} team.`
  );
}

export function forkBody({ payload }: GitHubEvent): string {
  const forkee = payload.at('forkee');
  return `${senderName(payload)} forked [${forkee.at('name').string()}](${forkee.at('html_url').string()}).`;
}

export function deploymentBody({ payload }: GitHubEvent): string {
  return `${senderName(payload)} created new deployment.`;
}

export function deploymentStatusBody({ payload }: GitHubEvent): string {
  return `Deployment changed status to ${payload.at('deployment_status').at('state').string()}.`;
}

export function publicBody({ payload }: GitHubEvent): string {
  return `${senderName(payload)} made the repository [${repositoryFullName(payload)}](${repositoryUrl(payload)}) public.`;
}

export function watchBody({ payload }: GitHubEvent): string {
  return `${senderName(payload)} starred the repository [${repositoryFullName(payload)}](${repositoryUrl(payload)}).`;
}

export function starBody({ payload }: GitHubEvent): string {
  const action = payload.at('action').string() === 'created' ? 'starred' : 'unstarred';
  return `[${senderName(payload)}](${senderUrl(payload)}) ${action} the repository [${repositoryFullName(payload)}](${repositoryUrl(payload)}).`;
}

export function repositoryBody({ payload }: GitHubEvent): string {
  const action = payload.at('action').string();
  return `${senderName(payload)} ${action} the repository [${repositoryFullName(payload)}](${repositoryUrl(payload)}).`;
}

export function teamAddBody({ payload }: GitHubEvent): string {
  const team = payload.at('team').at('name').string();
  return `The repository [${repositoryFullName(payload)}](${repositoryUrl(payload)}) was added to team ${team}.`;
}

/** `team` edited: a new description, name or visibility; other changes are named by key. */
export function teamBody({ payload }: GitHubEvent): string {
  const changes = payload.at('changes');
  if (changes.has('description')) {
    const actor = senderName(payload);
    const description = payload.at('team').at('description').string();
    return `**${actor}** changed the team description to:\n\n~~~ quote\n${description}\n~~~`;
  }
  if (changes.has('name')) {
    const from = changes.at('name').at('from').string();
    return `Team \`${from}\` was renamed to \`${payload.at('team').at('name').string()}\`.`;
  }
  if (changes.has('privacy')) return `Team visibility changed to \`${payload.at('team').at('privacy').string()}\``;
  // Zulip logs these as unsupported and still posts, so that the change is not lost.
  const keys = changes.keys().sort().join('/');
  return `Team has changes to \`${keys}\` data.`;
}

export function releaseBody({ payload }: GitHubEvent): string {
  const release = payload.at('release');
  // A release without a name is named by its tag.
  const name = release.at('name').truthy ? release.at('name').string() : release.at('tag_name').string();
  const user = senderName(payload);
  const action = payload.at('action').string();
  const tag = release.at('tag_name').string();
  return `${user} ${action} release [${name}](${release.at('html_url').string()}) for tag ${tag}.`;
}

const PAGE_BUILD_ACTIONS: Readonly<Record<string, string>> = {
  null: 'has yet to be built',
  building: 'is being built',
  errored: 'has failed: {}',
  built: 'has finished building',
};

export function pageBuildBody({ payload }: GitHubEvent): string {
  const build = payload.at('build');
  const status = build.at('status').string();
  let action = Object.prototype.hasOwnProperty.call(PAGE_BUILD_ACTIONS, status) ? PAGE_BUILD_ACTIONS[status] : `is ${status}`;
  const error = build.at('error').at('message');
  if (error.truthy) action = action.replace('{}', () => quote(error.string()));
  return `GitHub Pages build, triggered by ${build.at('pusher').at('login').string()}, ${action}.`;
}

export function statusBody({ payload }: GitHubEvent): string {
  const target = payload.at('target_url');
  const state = payload.at('state').string();
  const status = target.truthy ? `[${state}](${target.string()})` : state;
  return `[${shortSha(payload.at('sha').string())}](${payload.at('commit').at('html_url').string()}) changed its status to ${status}.`;
}

export function checkRunBody({ payload }: GitHubEvent): string {
  const run = payload.at('check_run');
  const name = run.at('name').string();
  const url = run.at('html_url').string();
  const status = run.at('status').string();
  const sha = run.at('head_sha').string();
  const commitUrl = `${repositoryUrl(payload)}/commit/${sha}`;
  const conclusion = run.at('conclusion').string();
  return `Check [${name}](${url}) ${status} (${conclusion}). ([${shortSha(sha)}](${commitUrl}))`;
}

export function pingBody({ payload }: GitHubEvent): string {
  const user = senderName(payload);
  return user ? `GitHub webhook has been successfully configured by ${user}.` : 'GitHub webhook has been successfully configured.';
}
