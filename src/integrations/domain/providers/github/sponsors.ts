import { MalformedWebhookPayload } from '../../integration';
import { WildValue } from '../shared/wild-value';
import { GitHubEvent, senderName } from './fields';

/** GitHub Sponsors' sponsorship events, named by their action (`cancelled`, `created`, ...). */

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

function tier(payload: WildValue): string {
  return payload.at('sponsorship').at('tier').at('name').string();
}

function priorTier(payload: WildValue): string {
  return payload.at('changes').at('tier').at('from').at('name').string();
}

/** The `effective_date`'s day, as "January 05, 2020". */
function effectiveDate(payload: WildValue): string {
  const day = [...payload.at('effective_date').string()].slice(0, 10).join('');
  const match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(day);
  const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
  if (!match || !date || date.getUTCMonth() !== Number(match[2]) - 1 || date.getUTCDate() !== Number(match[3])) {
    throw new MalformedWebhookPayload(`Invalid effective_date: ${day}`);
  }
  return `${MONTHS[date.getUTCMonth()]} ${String(date.getUTCDate()).padStart(2, '0')}, ${match[1]}`;
}

export function cancelledBody({ payload }: GitHubEvent): string {
  return `${senderName(payload)} cancelled their ${tier(payload)} subscription.`;
}

export function createdBody({ payload }: GitHubEvent): string {
  return `${senderName(payload)} subscribed for ${tier(payload)}.`;
}

export function editedBody({ payload }: GitHubEvent): string {
  const from = payload.at('changes').at('privacy_level').at('from').string();
  const to = payload.at('sponsorship').at('privacy_level').string();
  return `${senderName(payload)} changed who can see their sponsorship from ${from} to ${to}.`;
}

export function pendingCancellationBody({ payload }: GitHubEvent): string {
  return `${senderName(payload)}'s ${tier(payload)} subscription will be cancelled on ${effectiveDate(payload)}.`;
}

export function pendingTierChangeBody({ payload }: GitHubEvent): string {
  const user = senderName(payload);
  return `${user}'s subscription will change from ${priorTier(payload)} to ${tier(payload)} on ${effectiveDate(payload)}.`;
}

export function tierChangedBody({ payload }: GitHubEvent): string {
  return `${senderName(payload)} changed their subscription from ${priorTier(payload)} to ${tier(payload)}.`;
}
