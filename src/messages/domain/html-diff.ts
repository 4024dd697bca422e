/**
 * An approximation of Zulip's `highlight_html_differences` (zerver/lib/html_diff.py) for
 * `content_html_diff`: the new HTML with inserted text wrapped in
 * `<span class="highlight_text_inserted">` and removed text put back in
 * `<span class="highlight_text_deleted">`. Tags are atomic tokens and text is compared by
 * words (Zulip compares characters, then cleans up semantically).
 */
export function highlightHtmlDifferences(before: string, after: string): string {
  const a = tokenize(before);
  const b = tokenize(after);
  // Longest common subsequence over tokens; messages are small (10,000 characters at most).
  const rows = a.length + 1;
  const cols = b.length + 1;
  const table = new Uint32Array(rows * cols);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      table[i * cols + j] = a[i] === b[j] ? table[(i + 1) * cols + j + 1] + 1 : Math.max(table[(i + 1) * cols + j], table[i * cols + j + 1]);
    }
  }
  const out: string[] = [];
  let run: { kind: 'ins' | 'del'; text: string[] } | null = null;
  const flush = () => {
    if (!run) return;
    const text = run.text.join('');
    if (text.trim() !== '') out.push(`<span class="highlight_text_${run.kind === 'ins' ? 'inserted' : 'deleted'}">${text}</span>`);
    else if (run.kind === 'ins') out.push(text);
    run = null;
  };
  const emit = (kind: 'ins' | 'del', token: string) => {
    if (isTag(token)) {
      flush();
      if (kind === 'ins') out.push(token);
      return;
    }
    if (run && run.kind !== kind) flush();
    if (!run) run = { kind, text: [] };
    run.text.push(token);
  };
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      flush();
      out.push(b[j]);
      i++;
      j++;
    } else if (i < a.length && (j >= b.length || table[(i + 1) * cols + j] >= table[i * cols + j + 1])) {
      // Deletions first, as diff-match-patch orders them.
      emit('del', a[i++]);
    } else {
      emit('ins', b[j++]);
    }
  }
  flush();
  return out.join('');
}

function isTag(token: string): boolean {
  return token.startsWith('<');
}

function tokenize(html: string): string[] {
  return html.match(/<[^>]*>|[^<\s]+|\s+/g) ?? [];
}
