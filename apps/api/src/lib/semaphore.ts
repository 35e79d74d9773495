/** At most `slots` holders at once; the others wait in arrival order. */
export type Semaphore = { run<T>(task: () => Promise<T>): Promise<T>; readonly waiting: number };

export function createSemaphore(slots: number): Semaphore {
  let free = slots;
  const queue: (() => void)[] = [];
  const release = () => {
    const next = queue.shift();
    if (next) next();
    else free++;
  };
  return {
    async run(task) {
      if (free > 0) free--;
      else await new Promise<void>((resolve) => queue.push(resolve));
      try {
        return await task();
      } finally {
        release();
      }
    },
    get waiting() {
      return queue.length;
    },
  };
}
