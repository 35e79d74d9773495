/**
 * A per-key fixed-window request limit kept in this process's memory (bounded: at most
 * `maxKeys` keys, the oldest window dropped first). For unauthenticated endpoints that write or
 * compute: several API processes each allow the limit, which still bounds the work per process.
 */
export type RateLimiter = { take(key: string): boolean };

export function createRateLimiter(options: {
  limit: number;
  windowMs: number;
  maxKeys?: number;
  now?: () => number;
}): RateLimiter {
  const now = options.now ?? Date.now;
  const maxKeys = options.maxKeys ?? 10_000;
  const windows = new Map<string, { start: number; count: number }>();
  return {
    take(key) {
      const at = now();
      let window = windows.get(key);
      if (!window || at - window.start >= options.windowMs) {
        windows.delete(key);
        if (windows.size >= maxKeys) windows.delete(windows.keys().next().value as string);
        window = { start: at, count: 0 };
        windows.set(key, window);
      }
      window.count++;
      return window.count <= options.limit;
    },
  };
}
