import { pyRstrip } from '../../../../shared/message-content';
import { pullRequestMessage } from '../git/messages';
import { Payload } from '../git/payload';
import { GitLabEvent, objectTitleIf, userName } from './fields';

/** GitLab's Issue Hook (and Confidential Issue Hook) and Merge Request Hook. */

/**
 * The assignees' full names (not their usernames): `assignees`, or the older single
 * `assignee`, or none.
 */
function assigneeNames(payload: Payload): string[] {
  const many = payload.opt('assignees');
  let assignees: Payload[];
  if (many.truthy()) assignees = many.list();
  else {
    const one = payload.opt('assignee');
    assignees = one.truthy() ? [one] : [];
  }
  return assignees.map((assignee) => assignee.get('name').string());
}

/** An opened issue, its description quoted without its hidden `<!-- -->` comments. */
export function issueOpenedBody(event: GitLabEvent): string {
  const { payload } = event;
  const attributes = payload.get('object_attributes');
  const description = attributes.opt('description');
  const message = description.truthy() ? pyRstrip(description.string().replace(/<!--[\s\S]*?-->/g, '')) : null;
  return pullRequestMessage({
    userName: userName(payload),
    action: 'created',
    url: attributes.get('url').string(),
    number: attributes.get('iid').int(),
    message,
    assignees: assigneeNames(payload),
    title: objectTitleIf(event, attributes),
    type: 'issue',
  });
}

/** closed, reopened, updated. */
export function issueBody(action: string): (event: GitLabEvent) => string {
  return (event) => {
    const { payload } = event;
    const attributes = payload.get('object_attributes');
    return pullRequestMessage({
      userName: userName(payload),
      action,
      url: attributes.get('url').string(),
      number: attributes.get('iid').int(),
      title: objectTitleIf(event, attributes),
      type: 'issue',
    });
  };
}

/** approved, unapproved, merged (with its branches), closed, reopened. */
export function mergeRequestBody(action: string): (event: GitLabEvent) => string {
  return (event) => {
    const { payload } = event;
    const mr = payload.get('object_attributes');
    const merged = action === 'merged';
    return pullRequestMessage({
      userName: userName(payload),
      action,
      url: mr.get('url').string(),
      number: mr.get('iid').int(),
      targetBranch: merged ? mr.get('source_branch').string() : null,
      baseBranch: merged ? mr.get('target_branch').string() : null,
      type: 'MR',
      title: objectTitleIf(event, mr),
    });
  };
}

/** created (with its branches) or updated: the description quoted, the assignees named. */
export function mergeRequestOpenedOrUpdatedBody(action: string): (event: GitLabEvent) => string {
  return (event) => {
    const { payload } = event;
    const mr = payload.get('object_attributes');
    const created = action === 'created';
    return pullRequestMessage({
      userName: userName(payload),
      action,
      url: mr.get('url').string(),
      number: mr.get('iid').int(),
      targetBranch: created ? mr.get('source_branch').string() : null,
      baseBranch: created ? mr.get('target_branch').string() : null,
      message: mr.get('description').stringOrNull(),
      assignees: assigneeNames(payload),
      type: 'MR',
      title: objectTitleIf(event, mr),
    });
  };
}

/** An update that pushed commits (`oldrev` set) says so; any other update quotes the description. */
export function mergeRequestUpdatedBody(event: GitLabEvent): string {
  if (event.payload.get('object_attributes').opt('oldrev').truthy()) return mergeRequestBody('added commit(s) to')(event);
  return mergeRequestOpenedOrUpdatedBody('updated')(event);
}
