/**
 * Commands for the open feed's selected message (Zulip's pointer), from the keyboard: the
 * feed on screen listens, moves its selection and answers whether it acted.
 */
export type FeedCommand = 'next' | 'previous' | 'first' | 'last' | 'reply';

type FeedListener = (command: FeedCommand) => boolean;

const listeners = new Set<FeedListener>();

/** Hands the command to the open feed; false when no feed took it. */
export function sendFeedCommand(command: FeedCommand): boolean {
  let done = false;
  for (const listener of listeners) done = listener(command) || done;
  return done;
}

export function onFeedCommand(listener: FeedListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
