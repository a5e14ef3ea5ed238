/**
 * Runs `work` over `items` with at most `concurrency` at once, in order of the list, and can be
 * paused, resumed and cancelled between items (an item already started always finishes, so
 * nothing is left half-sent). Used by the portal's bulk invite and bulk badges and by the
 * operator's import, so they behave alike. Works in the browser and in Node.
 */
export type PoolControl = {
  pause(): void;
  resume(): void;
  cancel(): void;
  readonly paused: boolean;
  readonly cancelled: boolean;
};

export type PoolProgress = { done: number; total: number; running: number };

export function runPool<T, R>(
  items: readonly T[],
  work: (item: T, index: number) => Promise<R>,
  opts: {
    concurrency?: number;
    onResult?: (index: number, result: R) => void;
    onProgress?: (p: PoolProgress) => void;
  } = {},
): { control: PoolControl; done: Promise<{ results: (R | undefined)[]; cancelled: boolean }> } {
  const concurrency = Math.max(1, opts.concurrency ?? 4);
  const results: (R | undefined)[] = new Array(items.length);
  let next = 0;
  let done = 0;
  let running = 0;
  let paused = false;
  let cancelled = false;
  const waiters = new Set<() => void>();
  const wakeAll = () => {
    for (const w of [...waiters]) w();
  };
  const report = () => opts.onProgress?.({ done, total: items.length, running });

  const control: PoolControl = {
    pause() {
      paused = true;
    },
    resume() {
      paused = false;
      wakeAll();
    },
    cancel() {
      cancelled = true;
      wakeAll();
    },
    get paused() {
      return paused;
    },
    get cancelled() {
      return cancelled;
    },
  };

  const waitWhilePaused = async () => {
    while (paused && !cancelled) {
      await new Promise<void>((resolve) => {
        const w = () => {
          waiters.delete(w);
          resolve();
        };
        waiters.add(w);
      });
    }
  };

  const lane = async () => {
    for (;;) {
      await waitWhilePaused();
      if (cancelled || next >= items.length) return;
      const i = next++;
      running++;
      report();
      try {
        results[i] = await work(items[i]!, i);
        opts.onResult?.(i, results[i] as R);
      } finally {
        running--;
        done++;
        report();
      }
    }
  };

  const finished = Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, lane),
  ).then(() => ({ results, cancelled }));
  report();
  return { control, done: finished };
}
