import type { EventMessage } from '../shared/posted-messages';
import { pyStrip } from '../../../../shared/message-content';
import type { WildValue } from '../shared/wild-value';

/** The states a Grafana 7 (legacy alerting) notification carries. */
const LEGACY_STATES = ['no_data', 'paused', 'alerting', 'ok', 'pending', 'unknown'] as const;

type LegacyState = (typeof LEGACY_STATES)[number];

/**
 * A Grafana 7 notification: one message in the topic of its title, with the state, the rule
 * linked, the notification's message, the evaluated metrics and the panel's image; sent under
 * its state.
 */
export function legacyAlertMessage(payload: WildValue): EventMessage {
  const topic = payload.at('title').string();
  const evalMatches = evalMatchesText(payload);
  const message = payload.has('message') ? `${payload.at('message').string()}\n\n` : '';
  const state = payload.at('state').stringIn(LEGACY_STATES);
  const ruleName = payload.at('ruleName').string();
  const ruleUrl = payload.at('ruleUrl').string();

  let body = `${stateLine(state)}[${ruleName}](${ruleUrl})\n\n${message}${evalMatches}`;
  if (payload.has('imageUrl')) body += `\n[Click to view visualization](${payload.at('imageUrl').string()})`;
  return { topic, content: pyStrip(body), eventType: state };
}

function stateLine(state: LegacyState): string {
  const icon = state === 'alerting' ? ':alert:' : state === 'ok' ? ':squared_ok:' : ':info:';
  return `${icon} **${state.toUpperCase()}**\n\n`;
}

/** `**metric:** value` lines; a present `evalMatches` must be a list, even when null. */
function evalMatchesText(payload: WildValue): string {
  if (!payload.has('evalMatches')) return '';
  return payload
    .at('evalMatches')
    .list()
    .map((match) => `**${match.at('metric').string()}:** ${match.at('value').noneOrNumberText()}\n`)
    .join('');
}
