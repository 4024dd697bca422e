import { ItemChange, issueLabelMessage, issueMilestoneMessage, pullRequestMessage } from '../git/messages';
import { WildValue } from '../shared/wild-value';
import { GitHubEvent, commentAction, senderName, senderUrl, titleIf } from './fields';

/** GitHub's `issues`, `issue_comment`, `discussion` and `discussion_comment` events. */

/** An `issue_comment` on a pull request carries the pull request under `issue`. */
export function isPullRequestComment(payload: WildValue): boolean {
  return payload.at('issue').has('pull_request');
}

export function issueBody(event: GitHubEvent): string {
  const { payload } = event;
  const action = payload.at('action').string();
  const issue = payload.at('issue');
  return pullRequestMessage({
    userName: senderName(payload),
    action,
    url: issue.at('html_url').string(),
    number: issue.at('number').int(),
    message: action === 'assigned' || action === 'unassigned' ? null : issue.at('body').noneOrString(),
    title: titleIf(event, issue),
    assigneeUpdated: payload.has('assignee') ? payload.at('assignee').at('login').string() : null,
    type: 'issue',
  });
}

export function issueCommentBody(event: GitHubEvent): string {
  const { payload } = event;
  const comment = payload.at('comment');
  const issue = payload.at('issue');
  return pullRequestMessage({
    userName: senderName(payload),
    action: commentAction(payload),
    url: issue.at('html_url').string(),
    number: issue.at('number').int(),
    message: comment.at('body').string(),
    title: titleIf(event, issue),
    type: isPullRequestComment(payload) ? 'PR' : 'issue',
  });
}

/** Who added (`activeAction`) or removed something on an issue. */
function issueChange(event: GitHubEvent, activeAction: string): ItemChange {
  const { payload } = event;
  const issue = payload.at('issue');
  return {
    userName: senderName(payload),
    action: payload.at('action').string() === activeAction ? 'added' : 'removed',
    url: issue.at('html_url').string(),
    number: issue.at('number').int(),
    userUrl: senderUrl(payload),
    title: titleIf(event, issue),
  };
}

export function issueLabeledBody(event: GitHubEvent): string {
  const change = issueChange(event, 'labeled');
  return issueLabelMessage(change, event.payload.at('label').at('name').string());
}

export function issueMilestonedBody(event: GitHubEvent): string {
  const change = issueChange(event, 'milestoned');
  const milestone = event.payload.at('milestone');
  return issueMilestoneMessage(change, milestone.at('title').string(), milestone.at('html_url').string());
}

export function issueTransferredBody(event: GitHubEvent): string {
  const { payload } = event;
  const issue = payload.at('issue');
  const changes = payload.at('changes');
  const newIssue = changes.at('new_issue');
  return (
    `${senderName(payload)} transferred [issue #${issue.at('number').int()} ${issue.at('title').string()}](${issue.at('html_url').string()})` +
    ` to [${changes.at('new_repository').at('full_name').string()}/#${newIssue.at('number').int()}](${newIssue.at('html_url').string()}).`
  );
}

export function issueOpenedViaTransferBody(event: GitHubEvent): string {
  const { payload } = event;
  const issue = payload.at('issue');
  const changes = payload.at('changes');
  const oldIssue = changes.at('old_issue');
  return (
    `[Issue #${issue.at('number').int()} ${issue.at('title').string()}](${issue.at('html_url').string()}) was transferred from` +
    ` [${changes.at('old_repository').at('full_name').string()}#${oldIssue.at('number').int()}](${oldIssue.at('html_url').string()}).`
  );
}

export function discussionBody(event: GitHubEvent): string {
  const { payload } = event;
  const discussion = payload.at('discussion');
  const author = senderName(payload);
  const url = discussion.at('html_url').string();
  const body = discussion.at('body').string();
  const category = discussion.at('category').at('name').string();
  const number = discussion.at('number').int();
  const title = discussion.at('title').string();
  return `${author} created [discussion #${number}](${url}) in ${category}:\n\n~~~ quote\n### ${title}\n${body}\n~~~`;
}

export function discussionCommentBody(event: GitHubEvent): string {
  const { payload } = event;
  const discussion = payload.at('discussion');
  return pullRequestMessage({
    userName: senderName(payload),
    action: commentAction(payload),
    url: discussion.at('html_url').string(),
    number: discussion.at('number').int(),
    message: payload.at('comment').at('body').string(),
    title: titleIf(event, discussion),
    type: 'discussion',
  });
}
