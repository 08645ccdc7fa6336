/**
 * Fixed-window request counter per account, in memory: counts reset when the process
 * restarts, and each server process counts on its own (documented in docs/guide/server.md).
 */
export class FixedWindowQuota {
  readonly #windows = new Map<string, { start: number; count: number }>();

  /**
   * Counts one request of `who` at `nowMs` against `limit` per `windowSeconds`.
   * Returns 0 when allowed, else the seconds until the window resets (for Retry-After).
   */
  take(who: string, limit: number, windowSeconds: number, nowMs: number = Date.now()): number {
    const windowMs = windowSeconds * 1000;
    const start = nowMs - (nowMs % windowMs);
    let entry = this.#windows.get(who);
    if (entry === undefined || entry.start !== start) {
      if (this.#windows.size > 10_000) this.#prune(start);
      entry = { start, count: 0 };
      this.#windows.set(who, entry);
    }
    if (entry.count >= limit) return Math.max(1, Math.ceil((start + windowMs - nowMs) / 1000));
    entry.count++;
    return 0;
  }

  #prune(currentStart: number): void {
    for (const [who, entry] of this.#windows) if (entry.start !== currentStart) this.#windows.delete(who);
  }
}
