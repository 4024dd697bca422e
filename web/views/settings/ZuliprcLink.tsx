import { useEffect, useState } from 'react';

/** A `zuliprc` for an account, the file Zulip's API clients read. */
export function zuliprcText(email: string, apiKey: string, site: string): string {
  return `[api]\nemail=${email}\nkey=${apiKey}\nsite=${site}\n`;
}

/** A link that downloads the account's zuliprc (a blob URL: nothing leaves the page). */
export function ZuliprcLink({ email, apiKey, label = 'Download zuliprc', name }: { email: string; apiKey: string; label?: string; name?: string }) {
  const [href, setHref] = useState<string | null>(null);
  useEffect(() => {
    const url = URL.createObjectURL(new Blob([zuliprcText(email, apiKey, window.location.origin)], { type: 'text/plain' }));
    setHref(url);
    return () => URL.revokeObjectURL(url);
  }, [email, apiKey]);
  return href === null ? null : (
    <a className="button-quiet" href={href} download="zuliprc">
      {label}
      {name === undefined ? null : <span className="visually-hidden"> of {name}</span>}
    </a>
  );
}
