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

/**
 * A merge request event: the branches when it was created or merged; the description and the
 * assignees when it was created or updated.
 */
function mergeRequestMessage(event: GitLabEvent, action: string, withBranches: boolean, withDetails: boolean): string {
  const { payload } = event;
  const mr = payload.get('object_attributes');
  return pullRequestMessage({
    userName: userName(payload),
    action,
    url: mr.get('url').string(),
    number: mr.get('iid').int(),
    targetBranch: withBranches ? mr.get('source_branch').string() : null,
    baseBranch: withBranches ? mr.get('target_branch').string() : null,
    message: withDetails ? mr.get('description').stringOrNull() : null,
    assignees: withDetails ? assigneeNames(payload) : [],
    type: 'MR',
    title: objectTitleIf(event, mr),
  });
}

/** approved, unapproved, merged, closed, reopened. */
export function mergeRequestBody(action: string): (event: GitLabEvent) => string {
  return (event) => mergeRequestMessage(event, action, action === 'merged', false);
}

/** created or updated. */
export function mergeRequestOpenedOrUpdatedBody(action: string): (event: GitLabEvent) => string {
  return (event) => mergeRequestMessage(event, action, action === 'created', true);
}

/** An update that pushed commits (`oldrev` set) says so; any other update quotes the description. */
export function mergeRequestUpdatedBody(event: GitLabEvent): string {
  if (event.payload.get('object_attributes').opt('oldrev').truthy()) return mergeRequestBody('added commit(s) to')(event);
  return mergeRequestOpenedOrUpdatedBody('updated')(event);
}
