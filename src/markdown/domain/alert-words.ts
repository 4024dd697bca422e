/** Zulip's AlertWordNotificationProcessor: what may stand right before and after a word. */
const BEFORE = new Set([' ', '\n', '(', '"', '.', ',', "'", ';', '[', '*', '`', '>']);
const AFTER = new Set([' ', '\n', ')', '"', '?', ':', '.', ',', "'", ';', ']', '!', '*', '`']);

/**
 * Whether the raw content contains the (lower-cased) word as a whole word, case-insensitively,
 * the way Zulip matches alert words: on the markdown source, code included.
 */
export function containsAlertWord(lowerContent: string, word: string): boolean {
  if (word === '') return false;
  let from = 0;
  for (;;) {
    const index = lowerContent.indexOf(word, from);
    if (index < 0) return false;
    const end = index + word.length;
    const startOk = index === 0 || BEFORE.has(lowerContent[index - 1]);
    const endOk = end >= lowerContent.length || AFTER.has(lowerContent[end]);
    if (startOk && endOk) return true;
    from = index + 1;
  }
}

/** The users (of `wordsByUser`) whose alert words the content contains. */
export function usersAlerted(content: string, wordsByUser: ReadonlyMap<number, readonly string[]>): Set<number> {
  const lower = content.toLowerCase();
  const alerted = new Set<number>();
  for (const [userId, words] of wordsByUser) {
    if (words.some((word) => containsAlertWord(lower, word))) alerted.add(userId);
  }
  return alerted;
}

/** Zulip's checks on words to add: strings, trimmed, non-empty, at most 100 characters. */
export function normalizeAlertWords(words: readonly string[]): string[] {
  return [...new Set(words.map((word) => word.trim().toLowerCase()).filter((word) => word !== ''))];
}
