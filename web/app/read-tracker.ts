/** How long a message must have been fully in view, with the window focused, to count as read. */
export const READ_DWELL_MS = 1000;
const TICK_MS = 250;

/**
 * Marks messages read as Zulip does: once each has been fully visible for a moment while
 * the window has focus (docs/web-app.md); scrolling past quickly does not
 * count. A message taller than the feed counts when it fills the feed.
 */
export class ReadTracker {
  private readonly observer: IntersectionObserver;
  private readonly visibleSince = new Map<number, number>();
  private readonly timer: ReturnType<typeof setInterval>;

  constructor(
    root: Element,
    private readonly onRead: (ids: number[]) => void,
  ) {
    this.observer = new IntersectionObserver((entries) => this.seen(entries), { root, threshold: [0, 0.5, 0.99, 1] });
    this.timer = setInterval(() => this.tick(), TICK_MS);
  }

  observe(element: Element): void {
    this.observer.observe(element);
  }

  unobserve(element: Element): void {
    this.observer.unobserve(element);
    const id = Number((element as HTMLElement).dataset.messageId);
    this.visibleSince.delete(id);
  }

  disconnect(): void {
    this.observer.disconnect();
    clearInterval(this.timer);
  }

  private seen(entries: IntersectionObserverEntry[]): void {
    const now = performance.now();
    for (const entry of entries) {
      const id = Number((entry.target as HTMLElement).dataset.messageId);
      if (!Number.isInteger(id)) continue;
      const rootHeight = entry.rootBounds?.height ?? Number.POSITIVE_INFINITY;
      const whole = entry.intersectionRatio >= 0.99 || entry.intersectionRect.height >= rootHeight - 1;
      if (whole && entry.isIntersecting) {
        if (!this.visibleSince.has(id)) this.visibleSince.set(id, now);
      } else this.visibleSince.delete(id);
    }
  }

  private tick(): void {
    const now = performance.now();
    if (document.visibilityState !== 'visible' || !document.hasFocus()) {
      // The dwell starts again when the person is back.
      for (const id of this.visibleSince.keys()) this.visibleSince.set(id, now);
      return;
    }
    const read: number[] = [];
    for (const [id, since] of this.visibleSince) {
      if (now - since >= READ_DWELL_MS) read.push(id);
    }
    if (read.length === 0) return;
    for (const id of read) this.visibleSince.delete(id);
    this.onRead(read);
  }
}
