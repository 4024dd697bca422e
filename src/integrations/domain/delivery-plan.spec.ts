import { planDelivery, unsupportedEventMessage } from './delivery-plan';
import { IncomingWebhookOutcome } from './integration';

const NO_FILTERS = { onlyEvents: null, excludeEvents: null };
const pushed: IncomingWebhookOutcome = {
  kind: 'messages',
  eventType: 'push',
  messages: [{ topic: 'repo / main', content: 'one' }, { topic: 'repo / main', content: 'two' }],
};

describe('a webhook request\'s delivery', () => {
  it('sends the provider\'s messages in its topics', () => {
    expect(planDelivery(pushed, undefined, NO_FILTERS)).toEqual({ kind: 'send', messages: pushed.messages });
  });

  it('puts every message in the URL\'s topic, even an empty one', () => {
    expect(planDelivery(pushed, 'deploys', NO_FILTERS)).toEqual({
      kind: 'send', messages: [{ topic: 'deploys', content: 'one' }, { topic: 'deploys', content: 'two' }],
    });
    expect(planDelivery(pushed, '', NO_FILTERS)).toEqual({
      kind: 'send', messages: [{ topic: '', content: 'one' }, { topic: '', content: 'two' }],
    });
  });

  it('posts nothing for an event the filters leave out', () => {
    expect(planDelivery(pushed, undefined, { onlyEvents: ['pull_request*'], excludeEvents: null })).toEqual({ kind: 'nothing' });
    expect(planDelivery(pushed, undefined, { onlyEvents: null, excludeEvents: ['pu?h'] })).toEqual({ kind: 'nothing' });
    expect(planDelivery(pushed, undefined, { onlyEvents: ['p*'], excludeEvents: ['issues'] }).kind).toBe('send');
  });

  it('judges each message of a mixed payload by its own event type', () => {
    const mixed: IncomingWebhookOutcome = {
      kind: 'messages',
      eventType: null,
      messages: [
        { topic: 'alert', content: 'firing', eventType: 'alerting' },
        { topic: 'alert', content: 'resolved', eventType: 'ok' },
      ],
    };
    expect(planDelivery(mixed, undefined, { onlyEvents: ['ok'], excludeEvents: null })).toEqual({ kind: 'send', messages: [mixed.messages[1]] });
    expect(planDelivery(mixed, undefined, { onlyEvents: null, excludeEvents: ['alert*'] })).toEqual({ kind: 'send', messages: [mixed.messages[1]] });
    expect(planDelivery(mixed, undefined, { onlyEvents: ['none'], excludeEvents: null })).toEqual({ kind: 'nothing' });
    expect(planDelivery(mixed, undefined, NO_FILTERS)).toEqual({ kind: 'send', messages: mixed.messages });
  });

  it('posts nothing for an ignored payload or an empty list of messages', () => {
    expect(planDelivery({ kind: 'ignored' }, 'x', NO_FILTERS)).toEqual({ kind: 'nothing' });
    expect(planDelivery({ kind: 'messages', eventType: null, messages: [] }, 'x', NO_FILTERS)).toEqual({ kind: 'nothing' });
  });

  it('reports an unsupported event whatever the filters say, in Zulip\'s words', () => {
    expect(planDelivery({ kind: 'unsupported', eventType: 'star' }, undefined, { onlyEvents: [], excludeEvents: ['*'] }))
      .toEqual({ kind: 'unsupported', eventType: 'star' });
    expect(unsupportedEventMessage('GitHub', 'star')).toBe("The 'star' event isn't currently supported by the GitHub webhook; ignoring");
  });
});
