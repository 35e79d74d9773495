/**
 * Calls `attempt` until it answers 401, for at most `withinMs`; answers how long that took
 * (Infinity when it never did). Issue 36, acceptance 1: an ended session's access token is
 * refused within a second.
 */
export async function refusedWithin(attempt: () => Promise<number>, withinMs = 1000): Promise<number> {
  const start = Date.now();
  for (;;) {
    if ((await attempt()) === 401) return Date.now() - start;
    if (Date.now() - start > withinMs) return Number.POSITIVE_INFINITY;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
