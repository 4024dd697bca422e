/**
 * When parked long-polls are owed a heartbeat, with one timer for all of them: items are
 * kept in slots of `slotMs` (a quarter of the heartbeat, at most a second) and a slot is
 * handed out whole once its time has passed, so a heartbeat comes after at least
 * `heartbeatMs` and at most one slot later. Ten thousand parked polls cost ten thousand
 * set entries, not ten thousand timers, and polls parked together get their heartbeats in
 * one batch. The timer runs only while something waits.
 */
export class HeartbeatWheel<T> {
  private readonly slots = new Map<number, Set<T>>();
  private readonly slotMs: number;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly heartbeatMs: number,
    private readonly onDue: (due: T[]) => void,
    private readonly now: () => number = Date.now,
  ) {
    this.slotMs = Math.max(1, Math.min(1000, Math.floor(heartbeatMs / 4)));
  }

  /** Adds an item; answers its slot, which `remove` needs. */
  add(item: T): number {
    // The first slot starting at or after the due time: never early.
    const slot = Math.ceil((this.now() + this.heartbeatMs) / this.slotMs);
    let items = this.slots.get(slot);
    if (!items) {
      items = new Set<T>();
      this.slots.set(slot, items);
    }
    items.add(item);
    if (!this.timer) {
      this.timer = setInterval(() => this.tick(), this.slotMs);
      this.timer.unref();
    }
    return slot;
  }

  remove(item: T, slot: number): void {
    const items = this.slots.get(slot);
    if (!items) return;
    items.delete(item);
    if (items.size === 0) this.slots.delete(slot);
    if (this.slots.size === 0) this.stop();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Hands out every slot whose start has passed. */
  tick(): void {
    const current = Math.floor(this.now() / this.slotMs);
    const due: T[] = [];
    for (const [slot, items] of this.slots) {
      if (slot > current) continue;
      this.slots.delete(slot);
      for (const item of items) due.push(item);
    }
    if (this.slots.size === 0) this.stop();
    if (due.length > 0) this.onDue(due);
  }
}
