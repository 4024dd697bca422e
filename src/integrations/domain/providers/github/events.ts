import { branchTopic, isBranchNotifiable, pullRequestOrIssueTopic } from '../git/messages';
import { WildValue } from '../shared/wild-value';
import { BodyFormatter, branchFromRef, repositoryName } from './fields';
import { discussionBody, discussionCommentBody, isPullRequestComment, issueBody, issueCommentBody, issueLabeledBody, issueMilestonedBody, issueOpenedViaTransferBody, issueTransferredBody } from './issues';
import {
  assignedOrUnassignedBody,
  autoMergeBody,
  closedBody,
  lockedOrUnlockedBody,
  openedOrUpdatedBody,
  readyForReviewBody,
  reviewBody,
  reviewCommentBody,
  reviewRequestedBody,
} from './pull-requests';
import { commitCommentBody, createOrDeleteBody, pushCommitsBody, pushTagsBody, wikiPagesBody } from './push';
import {
  checkRunBody,
  deploymentBody,
  deploymentStatusBody,
  forkBody,
  memberBody,
  membershipBody,
  pageBuildBody,
  pingBody,
  publicBody,
  releaseBody,
  repositoryBody,
  starBody,
  statusBody,
  teamAddBody,
  teamBody,
  watchBody,
} from './repository';
import { cancelledBody, createdBody, editedBody, pendingCancellationBody, pendingTierChangeBody, tierChangedBody } from './sponsors';

/**
 * Zulip's own event names for GitHub (the `X-GitHub-Event` header, refined by the payload's
 * action), each with its formatter. The names are what `only_events`/`exclude_events` match.
 */
export const GITHUB_FORMATTERS: Readonly<Record<string, BodyFormatter>> = {
  commit_comment: commitCommentBody,
  closed_pull_request: closedBody,
  create: createOrDeleteBody('created'),
  check_run: checkRunBody,
  delete: createOrDeleteBody('deleted'),
  deployment: deploymentBody,
  deployment_status: deploymentStatusBody,
  discussion: discussionBody,
  discussion_comment: discussionCommentBody,
  fork: forkBody,
  gollum: wikiPagesBody,
  issue_comment: issueCommentBody,
  issue_labeled_or_unlabeled: issueLabeledBody,
  issue_milestoned_or_demilestoned: issueMilestonedBody,
  issues_opened_via_transfer: issueOpenedViaTransferBody,
  issues_transferred: issueTransferredBody,
  issues: issueBody,
  member: memberBody,
  membership: membershipBody,
  opened_pull_request: openedOrUpdatedBody,
  updated_pull_request: openedOrUpdatedBody,
  assigned_or_unassigned_pull_request: assignedOrUnassignedBody,
  page_build: pageBuildBody,
  ping: pingBody,
  public: publicBody,
  pull_request_ready_for_review: readyForReviewBody,
  pull_request_review: reviewBody,
  pull_request_review_comment: reviewCommentBody,
  pull_request_review_requested: reviewRequestedBody,
  pull_request_auto_merge: autoMergeBody,
  locked_or_unlocked_pull_request: lockedOrUnlockedBody,
  push_commits: pushCommitsBody,
  push_tags: pushTagsBody,
  release: releaseBody,
  repository: repositoryBody,
  star: starBody,
  status: statusBody,
  team: teamBody,
  team_add: teamAddBody,
  watch: watchBody,
  cancelled: cancelledBody,
  created: createdBody,
  edited: editedBody,
  pending_cancellation: pendingCancellationBody,
  pending_tier_change: pendingTierChangeBody,
  tier_changed: tierChangedBody,
};

export const GITHUB_EVENT_TYPES: readonly string[] = Object.keys(GITHUB_FORMATTERS);

/**
 * GitHub Sponsors' event types, in the order of Zulip's `SPONSORS_EVENT_TYPES`: what register
 * lists as `githubsponsors`' `all_event_types`, and the events whose topic is `sponsors`.
 */
export const GITHUB_SPONSORS_EVENT_TYPES: readonly string[] = ['cancelled', 'created', 'edited', 'pending_cancellation', 'pending_tier_change', 'tier_changed'];

const SPONSORS_EVENTS: ReadonlySet<string> = new Set(GITHUB_SPONSORS_EVENT_TYPES);

/** Events GitHub sends that Zulip accepts and does not post. */
const IGNORED_EVENTS = new Set([
  'check_suite',
  'label',
  'meta',
  'milestone',
  'organization',
  'project_card',
  'push__merge_queue',
  'repository_vulnerability_alert',
]);
const IGNORED_PULL_REQUEST_ACTIONS = new Set(['approved', 'converted_to_draft', 'labeled', 'review_request_removed', 'unlabeled']);
const IGNORED_TEAM_ACTIONS = new Set(['added_to_repository', 'created', 'deleted', 'removed_from_repository']);

const PULL_REQUEST_EVENTS: Readonly<Record<string, string>> = {
  opened: 'opened_pull_request',
  reopened: 'opened_pull_request',
  synchronize: 'updated_pull_request',
  edited: 'updated_pull_request',
  assigned: 'assigned_or_unassigned_pull_request',
  unassigned: 'assigned_or_unassigned_pull_request',
  closed: 'closed_pull_request',
  review_requested: 'pull_request_review_requested',
  ready_for_review: 'pull_request_ready_for_review',
  locked: 'locked_or_unlocked_pull_request',
  unlocked: 'locked_or_unlocked_pull_request',
  auto_merge_enabled: 'pull_request_auto_merge',
  auto_merge_disabled: 'pull_request_auto_merge',
};

const ISSUE_EVENTS: Readonly<Record<string, string>> = {
  labeled: 'issue_labeled_or_unlabeled',
  unlabeled: 'issue_labeled_or_unlabeled',
  milestoned: 'issue_milestoned_or_demilestoned',
  demilestoned: 'issue_milestoned_or_demilestoned',
  transferred: 'issues_transferred',
};

export type GitHubEventName = { readonly event: string } | { readonly ignored: true } | { readonly unsupported: string };

const IGNORED = { ignored: true } as const;

function lookup(table: Readonly<Record<string, string>>, key: string): string | undefined {
  return Object.prototype.hasOwnProperty.call(table, key) ? table[key] : undefined;
}

/** Zulip's event name for a delivery, or why none is posted. */
export function githubEventName(header: string, payload: WildValue, branches: string | undefined): GitHubEventName {
  switch (header) {
    case 'pull_request': {
      const action = payload.at('action').string();
      const event = lookup(PULL_REQUEST_EVENTS, action);
      if (event !== undefined) return { event };
      if (IGNORED_PULL_REQUEST_ACTIONS.has(action)) return IGNORED;
      break;
    }
    case 'pull_request_review': {
      // GitHub follows a review with an empty "edited" event for its body: not news.
      const empty = payload.at('action').string() === 'edited' && payload.get('changes', {}).keys().length === 0;
      return empty ? IGNORED : { event: 'pull_request_review' };
    }
    case 'push': {
      const ref = payload.at('ref').string();
      if (ref.startsWith('refs/heads/gh-readonly-queue/')) return IGNORED;
      if (!ref.startsWith('refs/heads/')) return { event: 'push_tags' };
      return isBranchNotifiable(branchFromRef(ref), branches) ? { event: 'push_commits' } : IGNORED;
    }
    case 'check_run':
      return payload.at('check_run').at('status').string() === 'completed' ? { event: 'check_run' } : IGNORED;
    case 'team': {
      const action = payload.at('action').string();
      if (action === 'edited') return { event: 'team' };
      if (IGNORED_TEAM_ACTIONS.has(action)) return IGNORED;
      return { unsupported: `unsupported team action ${action}` };
    }
    case 'issues': {
      const action = payload.at('action').string();
      const event = lookup(ISSUE_EVENTS, action);
      if (event !== undefined) return { event };
      if (action === 'opened' && payload.get('changes', {}).get('old_issue').truthy) return { event: 'issues_opened_via_transfer' };
      return { event: 'issues' };
    }
    default:
      if (Object.prototype.hasOwnProperty.call(GITHUB_FORMATTERS, header)) return { event: header };
      if (IGNORED_EVENTS.has(header)) return IGNORED;
  }
  return { unsupported: `${header}:${payload.get('action', '???').string()}` };
}

/** The topic Zulip gives an event: the item (PR, issue, discussion), the branch, or the repository. */
export function githubTopic(payload: WildValue, event: string): string {
  if (event.includes('pull_request')) {
    const pr = payload.at('pull_request');
    return pullRequestOrIssueTopic(repositoryName(payload), 'PR', pr.at('number').int(), pr.at('title').string());
  }
  if (event.startsWith('issue')) {
    const type = isPullRequestComment(payload) ? 'PR' : 'issue';
    const issue = payload.at('issue');
    return pullRequestOrIssueTopic(repositoryName(payload), type, issue.at('number').int(), issue.at('title').string());
  }
  if (event.startsWith('deployment')) {
    return `${repositoryName(payload)} / Deployment on ${payload.at('deployment').at('environment').string()}`;
  }
  if (event === 'membership') return `${payload.at('organization').at('login').string()} organization`;
  if (event === 'team') return `team ${payload.at('team').at('name').string()}`;
  if (event === 'push_commits') return branchTopic(repositoryName(payload), branchFromRef(payload.at('ref').string()));
  if (event === 'gollum') return branchTopic(repositoryName(payload), 'wiki pages');
  // An organization's hook has no repository to name.
  if (event === 'ping' && !payload.get('repository').truthy) return payload.at('organization').at('login').string();
  if (event === 'check_run') return `${repositoryName(payload)} / checks`;
  if (event.startsWith('discussion')) {
    const discussion = payload.at('discussion');
    return `${repositoryName(payload)} discussion #${discussion.at('number').int()}: ${discussion.at('title').string()}`;
  }
  if (SPONSORS_EVENTS.has(event)) return 'sponsors';
  return repositoryName(payload);
}
