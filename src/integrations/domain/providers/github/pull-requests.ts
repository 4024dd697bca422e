import { pullRequestMessage } from '../git/messages';
import { GitHubEvent, senderName, titleIf } from './fields';

/** GitHub's `pull_request`, `pull_request_review` and `pull_request_review_comment` events. */

/** opened, reopened, synchronize (said "updated") and edited. */
export function openedOrUpdatedBody(event: GitHubEvent): string {
  const { payload } = event;
  const pr = payload.get('pull_request');
  let action = payload.get('action').string();
  if (action === 'synchronize') action = 'updated';
  const assigneeField = pr.opt('assignee');
  const assignee = assigneeField.truthy() ? assigneeField.get('login').string() : null;
  const changes = payload.opt('changes', {});
  const description = changes.has('body') || action === 'opened' ? pr.get('body').stringOrNull() : null;
  const branches = action === 'opened' || action === 'merged';
  const targetBranch = branches ? pr.get('head').get('label').string() : null;
  const baseBranch = branches ? pr.get('base').get('label').string() : null;
  return pullRequestMessage({
    userName: senderName(payload),
    action,
    url: pr.get('html_url').string(),
    targetBranch,
    baseBranch,
    message: description,
    assignee,
    number: pr.get('number').int(),
    title: titleIf(event, pr),
  });
}

export function assignedOrUnassignedBody(event: GitHubEvent): string {
  const { payload } = event;
  const pr = payload.get('pull_request');
  const assignee = payload.get('assignee').get('login').string();
  return pullRequestMessage({
    userName: senderName(payload),
    action: payload.get('action').string(),
    url: pr.get('html_url').string(),
    number: pr.get('number').int(),
    title: titleIf(event, pr),
    assigneeUpdated: assignee,
  });
}

export function closedBody(event: GitHubEvent): string {
  const { payload } = event;
  const pr = payload.get('pull_request');
  return pullRequestMessage({
    userName: senderName(payload),
    action: pr.get('merged').bool() ? 'merged' : 'closed without merge',
    url: pr.get('html_url').string(),
    number: pr.get('number').int(),
    title: titleIf(event, pr),
  });
}

/** "PR #1" with its link, as the short pull-request messages name it. */
function prLink(event: GitHubEvent): string {
  const pr = event.payload.get('pull_request');
  return `[PR #${pr.get('number').int()}](${pr.get('html_url').string()})`;
}

export function lockedOrUnlockedBody(event: GitHubEvent): string {
  const { payload } = event;
  const action = payload.get('action').string();
  const reasonField = payload.get('pull_request').get('active_lock_reason');
  const reason = reasonField.truthy() ? reasonField.string() : 'None';
  const sender = senderName(payload);
  if (action === 'unlocked') return `${sender} has unlocked ${prLink(event)}.`;
  return `${sender} has locked ${prLink(event)} as ${reason} and limited conversation to collaborators.`;
}

export function autoMergeBody(event: GitHubEvent): string {
  const { payload } = event;
  const verb = payload.get('action').string() === 'auto_merge_disabled' ? 'disabled' : 'enabled';
  return `${senderName(payload)} has ${verb} auto merge for ${prLink(event)}.`;
}

export function readyForReviewBody(event: GitHubEvent): string {
  return `**${senderName(event.payload)}** has marked ${prLink(event)} as ready for review.`;
}

export function reviewBody(event: GitHubEvent): string {
  const { payload } = event;
  const pr = payload.get('pull_request');
  const title = `for #${pr.get('number').int()} ${pr.get('title').string()}`;
  return pullRequestMessage({
    userName: senderName(payload),
    action: 'submitted',
    url: payload.get('review').get('html_url').string(),
    type: 'PR review',
    title: event.includeTitle ? title : null,
    message: payload.get('review').get('body').stringOrNull(),
  });
}

export function reviewCommentBody(event: GitHubEvent): string {
  const { payload } = event;
  const action = payload.get('action').string();
  const message = action === 'created' ? payload.get('comment').get('body').string() : null;
  const pr = payload.get('pull_request');
  const title = `on #${pr.get('number').int()} ${pr.get('title').string()}`;
  return pullRequestMessage({
    userName: senderName(payload),
    action,
    url: payload.get('comment').get('html_url').string(),
    message,
    type: 'PR review comment',
    title: event.includeTitle ? title : null,
  });
}

export function reviewRequestedBody(event: GitHubEvent): string {
  const { payload } = event;
  const sender = senderName(payload);
  const pr = payload.get('pull_request');
  const number = pr.get('number').int();
  const url = pr.get('html_url').string();
  let reviewers: string;
  if (payload.has('requested_reviewer')) {
    const reviewer = payload.get('requested_reviewer');
    reviewers = `[${reviewer.get('login').string()}](${reviewer.get('html_url').string()})`;
  } else {
    const team = payload.get('requested_team');
    reviewers = `[${team.get('name').string()}](${team.get('html_url').string()})`;
  }
  const item = event.includeTitle ? `PR #${number} ${pr.get('title').string()}` : `PR #${number}`;
  return `**${sender}** requested ${reviewers} for a review on [${item}](${url}).`;
}
