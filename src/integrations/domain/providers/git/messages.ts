import { pyRstrip, pyStrip } from '../../../../shared/message-content';

/**
 * The message pieces Zulip's Git-hosting integrations (GitHub, GitLab, ...) share, worded as
 * Zulip 10.2 words them, so that a push or a pull request reads the same from every forge.
 */

export const COMMITS_LIMIT = 20;
const COMMITTERS_LIMIT = 3;
export const EMPTY_SHA = '0000000000000000000000000000000000000000';

/** Python's `string.punctuation`: a title ending in one of these gets no added full stop. */
const PUNCTUATION = new Set('!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~');

/** A value as Python's `str.format` renders it: null is "None". */
export function pyStr(value: string | number | null | undefined): string {
  return value === null || value === undefined ? 'None' : String(value);
}

function endsInPunctuation(text: string): boolean {
  const chars = [...text];
  return chars.length > 0 && PUNCTUATION.has(chars[chars.length - 1]);
}

export function branchTopic(repo: string, branch: string): string {
  return `${repo} / ${branch}`;
}

export function pullRequestOrIssueTopic(repo: string, type: string, id: number, title: string): string {
  return `${repo} / ${type} #${id} ${title}`;
}

/** A quoted block: the body of an issue, a comment, a description. */
export function quote(message: string): string {
  return `\n~~~ quote\n${message}\n~~~`;
}

export function shortSha(sha: string): string {
  return [...sha].slice(0, 11).join('');
}

/** The `branches` URL parameter: a comma-separated list; absent means every branch. */
export function isBranchNotifiable(branch: string, branches: string | undefined): boolean {
  return branches === undefined || branches.split(',').some((name) => pyStrip(name) === branch);
}

export interface CommitData {
  readonly name: string;
  readonly sha: string;
  readonly url: string;
  readonly message: string;
}

export interface PushCommits {
  readonly userName: string;
  readonly compareUrl: string | null;
  readonly branchName: string;
  readonly commits: readonly CommitData[];
  readonly deleted?: boolean;
  readonly forcePush?: boolean;
}

export function pushCommitsMessage(push: PushCommits): string {
  const { userName, compareUrl, branchName, commits } = push;
  if (commits.length === 0 && push.deleted) {
    return `${userName} [deleted](${pyStr(compareUrl)}) the branch ${branchName}.`;
  }
  const pushType = push.forcePush ? 'force pushed' : 'pushed';
  if (commits.length === 0) {
    return compareUrl
      ? `${userName} [${pushType}](${compareUrl}) the branch ${branchName}.`
      : `${userName} ${pushType} the branch ${branchName}.`;
  }
  const counted = `${commits.length} commit${commits.length > 1 ? 's' : ''}`;
  const pushed = compareUrl ? `[${pushType}](${compareUrl}) ${counted}` : `${pushType} ${counted}`;
  const base = `${userName} ${pushed} to branch ${branchName}.`;
  const committers = committersOf(commits);
  const content = commitsContent(commits);
  if (committers.length === 1 && committers[0][0] === userName) {
    return pyRstrip(`${base}\n\n${content}\n`);
  }
  let details = `${committers[0][0]} (${committers[0][1]})`;
  for (const [name, count] of committers.slice(1, -1)) details = `${details}, ${name} (${count})`;
  if (committers.length > 1) {
    const [name, count] = committers[committers.length - 1];
    details = `${details} and ${name} (${count})`;
  }
  return pyRstrip(`${base} Commits by ${details}.\n\n${content}\n`);
}

/** One line a commit (its message's first line), at most `COMMITS_LIMIT`, then how many more. */
export function commitsContent(commits: readonly CommitData[]): string {
  let content = '';
  for (const commit of commits.slice(0, COMMITS_LIMIT)) {
    const firstLine = commit.message.split('\n', 1)[0];
    content += `* ${firstLine} ([${shortSha(commit.sha)}](${commit.url}))\n`;
  }
  if (commits.length > COMMITS_LIMIT) content += `[and ${commits.length - COMMITS_LIMIT} more commit(s)]`;
  return pyRstrip(content);
}

/** Committers by commit count, ties alphabetically; past the third, "others". */
function committersOf(commits: readonly CommitData[]): [string, number][] {
  const counts = new Map<string, number>();
  for (const commit of commits) counts.set(commit.name, (counts.get(commit.name) ?? 0) + 1);
  const sorted = [...counts.entries()].sort((a, b) => b[1] - a[1] || compareCodePoints(a[0], b[0]));
  if (sorted.length <= COMMITTERS_LIMIT) return sorted;
  const others = sorted.slice(COMMITTERS_LIMIT).reduce((sum, [, count]) => sum + count, 0);
  return [...sorted.slice(0, COMMITTERS_LIMIT), ['others', others]];
}

/** Python's string order: by code point (JS's `<` compares UTF-16 units). */
function compareCodePoints(a: string, b: string): number {
  const left = [...a];
  const right = [...b];
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const diff = (left[i].codePointAt(0) ?? 0) - (right[i].codePointAt(0) ?? 0);
    if (diff !== 0) return diff;
  }
  return left.length - right.length;
}

export interface PullRequestEvent {
  readonly userName: string;
  readonly action: string;
  readonly url: string;
  readonly number?: number;
  readonly targetBranch?: string | null;
  readonly baseBranch?: string | null;
  readonly message?: string | null;
  readonly assignee?: string | null;
  /** Names of the assignees, joined "a, b and c". */
  readonly assignees?: readonly string[];
  /** Who was assigned or unassigned, for the `assigned`/`unassigned` actions. */
  readonly assigneeUpdated?: string | null;
  /** "PR" unless said otherwise ("issue", "MR", "PR review", ...). */
  readonly type?: string;
  /** Set when the URL names a topic of its own, so the message must say which item it is about. */
  readonly title?: string | null;
}

/** "user action [PR #1 title](url) from `a` to `b` (assigned to x):" and the quoted message. */
export function pullRequestMessage(event: PullRequestEvent): string {
  const { action, title } = event;
  const id = event.number === undefined ? '' : ` #${event.number}`;
  const titlePart = title === null || title === undefined ? '' : ` ${title}`;
  const assigneePart =
    action === 'assigned'
      ? ` ${pyStr(event.assigneeUpdated)} to`
      : action === 'unassigned'
        ? ` ${pyStr(event.assigneeUpdated)} from`
        : '';
  let text = `${event.userName} ${action}${assigneePart} [${event.type ?? 'PR'}${id}${titlePart}](${event.url})`;
  const hasBranches = Boolean(event.targetBranch && event.baseBranch);
  if (hasBranches) text = `${text} from \`${pyStr(event.targetBranch)}\` to \`${pyStr(event.baseBranch)}\``;
  const assignees = event.assignees ?? [];
  if (assignees.length > 0) text = `${text} (assigned to ${joinNames(assignees)})`;
  else if (event.assignee) text = `${text} (assigned to ${event.assignee})`;
  const punctuation = event.message ? ':' : '.';
  if (assignees.length > 0 || event.assignee || hasBranches || title === null || title === undefined || !endsInPunctuation(title)) {
    text = `${text}${punctuation}`;
  }
  if (event.message) text += `\n${quote(event.message)}`;
  return pyRstrip(text);
}

function joinNames(names: readonly string[]): string {
  return names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

export interface ItemChange {
  readonly userName: string;
  readonly userUrl: string;
  /** "added" or "removed". */
  readonly action: string;
  readonly url: string;
  readonly number: number;
  readonly title: string | null;
}

export function issueLabelMessage(change: ItemChange, label: string): string {
  const preposition = change.action === 'added' ? 'to' : 'from';
  const item = change.title === null ? `Issue #${change.number}` : `Issue #${change.number} ${change.title}`;
  return `[${change.userName}](${change.userUrl}) ${change.action} the ${label} label ${preposition} [${item}](${change.url}).`;
}

export function issueMilestoneMessage(change: ItemChange, milestone: string, milestoneUrl: string): string {
  const preposition = change.action === 'added' ? 'to' : 'from';
  const item = change.title === null ? `issue #${change.number}` : `issue #${change.number} ${change.title}`;
  return `[${change.userName}](${change.userUrl}) ${change.action} milestone [${milestone}](${milestoneUrl}) ${preposition} [${item}](${change.url}).`;
}

export function pushTagMessage(userName: string, tagName: string, action: string): string {
  const message = `${userName} ${action} tag ${tagName}`;
  return endsInPunctuation(tagName) ? message : `${message}.`;
}

/** "user [commented](url) on [sha](commit url):" and the quoted comment. */
export function commitCommentMessage(userName: string, action: string, commitUrl: string, sha: string, message: string): string {
  const text = `${userName} ${action} on [${shortSha(sha)}](${commitUrl})${message ? ':' : '.'}`;
  return message ? text + quote(message) : text;
}

export function removeBranchMessage(userName: string, branchName: string): string {
  return `${userName} deleted branch ${branchName}.`;
}
