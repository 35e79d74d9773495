/** At most `slots` holders at once; the others wait in arrival order. */
type Semaphore = {
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Waits for a slot and answers its release (idempotent), for work that cannot sit in one callback. */
  acquire(): Promise<() => void>;
  readonly waiting: number;
};

export function createSemaphore(slots: number): Semaphore {
  let free = slots;
  const queue: (() => void)[] = [];
  const release = () => {
    const next = queue.shift();
    if (next) next();
    else free++;
  };
  const acquire = async () => {
    if (free > 0) free--;
    else await new Promise<void>((resolve) => queue.push(resolve));
    let released = false;
    return () => {
      if (released) return;
      released = true;
      release();
    };
  };
  return {
    async run(task) {
      const done = await acquire();
      try {
        return await task();
      } finally {
        done();
      }
    },
    acquire,
    get waiting() {
      return queue.length;
    },
  };
}
