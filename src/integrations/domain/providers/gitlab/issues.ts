import { pyRstrip } from '../../../../shared/message-content';
import { pullRequestMessage } from '../git/messages';
import { WildValue } from '../shared/wild-value';
import { GitLabEvent, objectTitleIf, userName } from './fields';

/** GitLab's Issue Hook (and Confidential Issue Hook) and Merge Request Hook. */

/**
 * The assignees' full names (not their usernames): `assignees`, or the older single
 * `assignee`, or none.
 */
function assigneeNames(payload: WildValue): string[] {
  const many = payload.get('assignees');
  let assignees: WildValue[];
  if (many.truthy) assignees = many.list();
  else {
    const one = payload.get('assignee');
    assignees = one.truthy ? [one] : [];
  }
  return assignees.map((assignee) => assignee.at('name').string());
}

/** An opened issue, its description quoted without its hidden `<!-- -->` comments. */
export function issueOpenedBody(event: GitLabEvent): string {
  const { payload } = event;
  const attributes = payload.at('object_attributes');
  const description = attributes.get('description');
  const message = description.truthy ? pyRstrip(description.string().replace(/<!--[\s\S]*?-->/g, '')) : null;
  return pullRequestMessage({
    userName: userName(payload),
    action: 'created',
    url: attributes.at('url').string(),
    number: attributes.at('iid').int(),
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
    const attributes = payload.at('object_attributes');
    return pullRequestMessage({
      userName: userName(payload),
      action,
      url: attributes.at('url').string(),
      number: attributes.at('iid').int(),
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
  const mr = payload.at('object_attributes');
  return pullRequestMessage({
    userName: userName(payload),
    action,
    url: mr.at('url').string(),
    number: mr.at('iid').int(),
    targetBranch: withBranches ? mr.at('source_branch').string() : null,
    baseBranch: withBranches ? mr.at('target_branch').string() : null,
    message: withDetails ? mr.at('description').noneOrString() : null,
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
  if (event.payload.at('object_attributes').get('oldrev').truthy) return mergeRequestBody('added commit(s) to')(event);
  return mergeRequestOpenedOrUpdatedBody('updated')(event);
}
