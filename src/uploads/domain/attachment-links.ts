/**
 * The upload path ids a message's Markdown links to (Zulip's
 * `potential_attachment_path_ids`): targets of `[text](url)` links and bare URLs, either
 * relative (`/user_uploads/...`) or absolute on the realm's own host. Percent-escapes are
 * decoded, query strings and fragments dropped, and each path id is listed once.
 */
export function potentialAttachmentPathIds(content: string, realmHosts: readonly string[]): string[] {
  const found = new Set<string>();
  const hosts = realmHosts.map((host) => host.toLowerCase());
  const consider = (url: string) => {
    let rest = url.trim().replace(/^<|>$/g, '');
    const absolute = /^https?:\/\/([^/?#\s]+)(\/.*)?$/i.exec(rest);
    if (absolute) {
      if (!hosts.includes(absolute[1].toLowerCase())) return;
      rest = absolute[2] ?? '';
    }
    if (!rest.startsWith('/user_uploads/')) return;
    const raw = rest.slice('/user_uploads/'.length).split(/[?#]/)[0];
    let pathId: string;
    try {
      pathId = decodeURIComponent(raw);
    } catch {
      return;
    }
    // `<realm id>/<anything>/<name>`; the thumbnail and temporary URLs are not uploads.
    if (/^\d+\/.+\/[^/]+$/.test(pathId) && !pathId.includes('/../')) found.add(pathId);
  };
  // Markdown link targets: `](target)` or `](target "title")`.
  for (const match of content.matchAll(/\]\(\s*(<[^>]*>|[^\s)]+)/g)) consider(match[1]);
  // Bare absolute URLs, which Markdown links by itself.
  for (const match of content.matchAll(/https?:\/\/[^\s<>()[\]"']+/gi)) {
    if (content[(match.index ?? 0) - 1] !== '(') consider(match[0].replace(/[.,;:!?]+$/, ''));
  }
  return [...found];
}
