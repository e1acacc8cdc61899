// Token buckets per key (a chat author, an address): `capacity` at once, then `perSecond`.
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private readonly capacity: number;
  private readonly perSecond: number;
  constructor(capacity: number, perSecond: number) {
    this.capacity = capacity;
    this.perSecond = perSecond;
  }

  /** Takes one token; false when the key has none left (the action is refused). */
  take(key: string, now = Date.now()): boolean {
    const b = this.buckets.get(key) ?? { tokens: this.capacity, at: now };
    b.tokens = Math.min(this.capacity, b.tokens + ((now - b.at) / 1000) * this.perSecond);
    b.at = now;
    this.buckets.set(key, b);
    if (b.tokens < 1) return false;
    b.tokens -= 1;
    return true;
  }

  /** Forgets keys that are full again. */
  sweep(now = Date.now()): void {
    for (const [key, b] of this.buckets)
      if (b.tokens + ((now - b.at) / 1000) * this.perSecond >= this.capacity)
        this.buckets.delete(key);
  }
}
