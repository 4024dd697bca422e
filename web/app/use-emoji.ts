import { useEffect, useMemo, useState } from 'react';
import { useSelector } from '../store/use-store';
import { loadUnicodeEmoji, POPULAR_EMOJI, realmChoices, type EmojiChoice } from './emoji-data';

/**
 * Every emoji the person can pick: the realm's custom ones, Zulip's popular few, then the
 * server's Unicode list, loaded on the first call (null until then). `wanted` false loads nothing yet.
 */
export function useEmojiChoices(wanted = true): { choices: EmojiChoice[] | null; error: string | null } {
  const dataUrl = useSelector((state) => state.session?.emojiDataUrl ?? null);
  const realmEmoji = useSelector((state) => state.realmEmoji);
  const [unicode, setUnicode] = useState<EmojiChoice[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!wanted || dataUrl === null || unicode !== null) return undefined;
    let live = true;
    loadUnicodeEmoji(dataUrl).then(
      (choices) => live && setUnicode(choices),
      (problem: unknown) => live && setError(problem instanceof Error ? problem.message : String(problem)),
    );
    return () => {
      live = false;
    };
  }, [wanted, dataUrl, unicode]);
  const choices = useMemo(() => {
    if (unicode === null) return null;
    const popular = POPULAR_EMOJI.map((name) => unicode.find((choice) => choice.emoji_name === name)).filter((choice): choice is EmojiChoice => choice !== undefined);
    return [...realmChoices(realmEmoji), ...popular, ...unicode.filter((choice) => !popular.includes(choice))];
  }, [unicode, realmEmoji]);
  return { choices, error };
}
