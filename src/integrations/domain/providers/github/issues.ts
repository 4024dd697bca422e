import { ItemChange, issueLabelMessage, issueMilestoneMessage, pullRequestMessage } from '../git/messages';
import { Payload } from '../git/payload';
import { GitHubEvent, commentAction, senderName, senderUrl, titleIf } from './fields';

/** GitHub's `issues`, `issue_comment`, `discussion` and `discussion_comment` events. */

/** An `issue_comment` on a pull request carries the pull request under `issue`. */
export function isPullRequestComment(payload: Payload): boolean {
  return payload.get('issue').has('pull_request');
}

export function issueBody(event: GitHubEvent): string {
  const { payload } = event;
  const action = payload.get('action').string();
  const issue = payload.get('issue');
  return pullRequestMessage({
    userName: senderName(payload),
    action,
    url: issue.get('html_url').string(),
    number: issue.get('number').int(),
    message: action === 'assigned' || action === 'unassigned' ? null : issue.get('body').stringOrNull(),
    title: titleIf(event, issue),
    assigneeUpdated: payload.has('assignee') ? payload.get('assignee').get('login').string() : null,
    type: 'issue',
  });
}

export function issueCommentBody(event: GitHubEvent): string {
  const { payload } = event;
  const comment = payload.get('comment');
  const issue = payload.get('issue');
  return pullRequestMessage({
    userName: senderName(payload),
    action: commentAction(payload),
    url: issue.get('html_url').string(),
    number: issue.get('number').int(),
    message: comment.get('body').string(),
    title: titleIf(event, issue),
    type: isPullRequestComment(payload) ? 'PR' : 'issue',
  });
}

/** Who added (`activeAction`) or removed something on an issue. */
function issueChange(event: GitHubEvent, activeAction: string): ItemChange {
  const { payload } = event;
  const issue = payload.get('issue');
  return {
    userName: senderName(payload),
    action: payload.get('action').string() === activeAction ? 'added' : 'removed',
    url: issue.get('html_url').string(),
    number: issue.get('number').int(),
    userUrl: senderUrl(payload),
    title: titleIf(event, issue),
  };
}

export function issueLabeledBody(event: GitHubEvent): string {
  const change = issueChange(event, 'labeled');
  return issueLabelMessage(change, event.payload.get('label').get('name').string());
}

export function issueMilestonedBody(event: GitHubEvent): string {
  const change = issueChange(event, 'milestoned');
  const milestone = event.payload.get('milestone');
  return issueMilestoneMessage(change, milestone.get('title').string(), milestone.get('html_url').string());
}

export function issueTransferredBody(event: GitHubEvent): string {
  const { payload } = event;
  const issue = payload.get('issue');
  const changes = payload.get('changes');
  const newIssue = changes.get('new_issue');
  return (
    `${senderName(payload)} transferred [issue #${issue.get('number').int()} ${issue.get('title').string()}](${issue.get('html_url').string()})` +
    ` to [${changes.get('new_repository').get('full_name').string()}/#${newIssue.get('number').int()}](${newIssue.get('html_url').string()}).`
  );
}

export function issueOpenedViaTransferBody(event: GitHubEvent): string {
  const { payload } = event;
  const issue = payload.get('issue');
  const changes = payload.get('changes');
  const oldIssue = changes.get('old_issue');
  return (
    `[Issue #${issue.get('number').int()} ${issue.get('title').string()}](${issue.get('html_url').string()}) was transferred from` +
    ` [${changes.get('old_repository').get('full_name').string()}#${oldIssue.get('number').int()}](${oldIssue.get('html_url').string()}).`
  );
}

export function discussionBody(event: GitHubEvent): string {
  const { payload } = event;
  const discussion = payload.get('discussion');
  const author = senderName(payload);
  const url = discussion.get('html_url').string();
  const body = discussion.get('body').string();
  const category = discussion.get('category').get('name').string();
  const number = discussion.get('number').int();
  const title = discussion.get('title').string();
  return `${author} created [discussion #${number}](${url}) in ${category}:\n\n~~~ quote\n### ${title}\n${body}\n~~~`;
}

export function discussionCommentBody(event: GitHubEvent): string {
  const { payload } = event;
  const discussion = payload.get('discussion');
  return pullRequestMessage({
    userName: senderName(payload),
    action: commentAction(payload),
    url: discussion.get('html_url').string(),
    number: discussion.get('number').int(),
    message: payload.get('comment').get('body').string(),
    title: titleIf(event, discussion),
    type: 'discussion',
  });
}
