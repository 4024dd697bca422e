import { pullRequestMessage } from '../git/messages';
import { GitHubEvent, senderName, titleIf } from './fields';

/** GitHub's `pull_request`, `pull_request_review` and `pull_request_review_comment` events. */

/** opened, reopened, synchronize (said "updated") and edited. */
export function openedOrUpdatedBody(event: GitHubEvent): string {
  const { payload } = event;
  const pr = payload.at('pull_request');
  let action = payload.at('action').string();
  if (action === 'synchronize') action = 'updated';
  const assigneeField = pr.get('assignee');
  const assignee = assigneeField.truthy ? assigneeField.at('login').string() : null;
  const changes = payload.get('changes', {});
  const description = changes.has('body') || action === 'opened' ? pr.at('body').noneOrString() : null;
  const branches = action === 'opened' || action === 'merged';
  const targetBranch = branches ? pr.at('head').at('label').string() : null;
  const baseBranch = branches ? pr.at('base').at('label').string() : null;
  return pullRequestMessage({
    userName: senderName(payload),
    action,
    url: pr.at('html_url').string(),
    targetBranch,
    baseBranch,
    message: description,
    assignee,
    number: pr.at('number').int(),
    title: titleIf(event, pr),
  });
}

export function assignedOrUnassignedBody(event: GitHubEvent): string {
  const { payload } = event;
  const pr = payload.at('pull_request');
  const assignee = payload.at('assignee').at('login').string();
  return pullRequestMessage({
    userName: senderName(payload),
    action: payload.at('action').string(),
    url: pr.at('html_url').string(),
    number: pr.at('number').int(),
    title: titleIf(event, pr),
    assigneeUpdated: assignee,
  });
}

export function closedBody(event: GitHubEvent): string {
  const { payload } = event;
  const pr = payload.at('pull_request');
  return pullRequestMessage({
    userName: senderName(payload),
    action: pr.at('merged').bool() ? 'merged' : 'closed without merge',
    url: pr.at('html_url').string(),
    number: pr.at('number').int(),
    title: titleIf(event, pr),
  });
}

/** "PR #1" with its link, as the short pull-request messages name it. */
function prLink(event: GitHubEvent): string {
  const pr = event.payload.at('pull_request');
  return `[PR #${pr.at('number').int()}](${pr.at('html_url').string()})`;
}

export function lockedOrUnlockedBody(event: GitHubEvent): string {
  const { payload } = event;
  const action = payload.at('action').string();
  const reasonField = payload.at('pull_request').at('active_lock_reason');
  const reason = reasonField.truthy ? reasonField.string() : 'None';
  const sender = senderName(payload);
  if (action === 'unlocked') return `${sender} has unlocked ${prLink(event)}.`;
  return `${sender} has locked ${prLink(event)} as ${reason} and limited conversation to collaborators.`;
}

export function autoMergeBody(event: GitHubEvent): string {
  const { payload } = event;
  const verb = payload.at('action').string() === 'auto_merge_disabled' ? 'disabled' : 'enabled';
  return `${senderName(payload)} has ${verb} auto merge for ${prLink(event)}.`;
}

export function readyForReviewBody(event: GitHubEvent): string {
  return `**${senderName(event.payload)}** has marked ${prLink(event)} as ready for review.`;
}

export function reviewBody(event: GitHubEvent): string {
  const { payload } = event;
  const pr = payload.at('pull_request');
  const title = `for #${pr.at('number').int()} ${pr.at('title').string()}`;
  return pullRequestMessage({
    userName: senderName(payload),
    action: 'submitted',
    url: payload.at('review').at('html_url').string(),
    type: 'PR review',
    title: event.includeTitle ? title : null,
    message: payload.at('review').at('body').noneOrString(),
  });
}

export function reviewCommentBody(event: GitHubEvent): string {
  const { payload } = event;
  const action = payload.at('action').string();
  const message = action === 'created' ? payload.at('comment').at('body').string() : null;
  const pr = payload.at('pull_request');
  const title = `on #${pr.at('number').int()} ${pr.at('title').string()}`;
  return pullRequestMessage({
    userName: senderName(payload),
    action,
    url: payload.at('comment').at('html_url').string(),
    message,
    type: 'PR review comment',
    title: event.includeTitle ? title : null,
  });
}

export function reviewRequestedBody(event: GitHubEvent): string {
  const { payload } = event;
  const sender = senderName(payload);
  const pr = payload.at('pull_request');
  const number = pr.at('number').int();
  const url = pr.at('html_url').string();
  let reviewers: string;
  if (payload.has('requested_reviewer')) {
    const reviewer = payload.at('requested_reviewer');
    reviewers = `[${reviewer.at('login').string()}](${reviewer.at('html_url').string()})`;
  } else {
    const team = payload.at('requested_team');
    reviewers = `[${team.at('name').string()}](${team.at('html_url').string()})`;
  }
  const item = event.includeTitle ? `PR #${number} ${pr.at('title').string()}` : `PR #${number}`;
  return `**${sender}** requested ${reviewers} for a review on [${item}](${url}).`;
}
