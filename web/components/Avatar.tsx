/** A colour from the user id, so a person keeps theirs everywhere (golden-angle hues spread neighbours apart). */
export function avatarColour(userId: number): string {
  return `hsl(${Math.round((userId * 137.508) % 360)} 42% 32%)`;
}

export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter((word) => word !== '');
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters.map((word) => [...(word ?? '')][0]?.toUpperCase() ?? '').join('') || '?';
}

/**
 * Whether the browser may show `url` here: the page allows images from its own origin only
 * (docs/web-app.md), so a Gravatar or other outside picture falls back to initials.
 */
function sameOrigin(url: string): boolean {
  try {
    return new URL(url, window.location.href).origin === window.location.origin;
  } catch {
    return false;
  }
}

interface AvatarProps {
  userId: number;
  name: string;
  url: string | null;
  isBot?: boolean;
}

/** A 36 px picture of a person: their image, or their initials on their colour. Decorative: the name is beside it. */
export function Avatar({ userId, name, url, isBot = false }: AvatarProps) {
  const className = isBot ? 'avatar avatar-bot' : 'avatar';
  if (url !== null && sameOrigin(url)) return <img className={className} src={url} alt="" width={36} height={36} loading="lazy" />;
  return (
    <span className={className} style={{ backgroundColor: avatarColour(userId) }} aria-hidden="true">
      {initialsOf(name)}
    </span>
  );
}
