import { describe, expect, it } from "vitest";
import { runPool } from "./run-pool";

const tick = () => new Promise((r) => setTimeout(r, 1));

describe("runPool", () => {
  it("never runs more than the concurrency at once, and keeps results in list order", async () => {
    let running = 0;
    let peak = 0;
    const { done } = runPool(
      Array.from({ length: 20 }, (_, i) => i),
      async (n) => {
        running++;
        peak = Math.max(peak, running);
        await tick();
        running--;
        return n * 2;
      },
      { concurrency: 3 },
    );
    const { results, cancelled } = await done;
    expect(peak).toBe(3);
    expect(cancelled).toBe(false);
    expect(results).toEqual(Array.from({ length: 20 }, (_, i) => i * 2));
  });

  it("pauses between items and resumes; cancel stops before the next item, letting started ones finish", async () => {
    const started: number[] = [];
    const finished: number[] = [];
    const pool = runPool(
      Array.from({ length: 10 }, (_, i) => i),
      async (n) => {
        started.push(n);
        await tick();
        finished.push(n);
        return n;
      },
      { concurrency: 2 },
    );
    pool.control.pause();
    await new Promise((r) => setTimeout(r, 20));
    const whilePaused = started.length;
    expect(whilePaused).toBeLessThanOrEqual(2);
    await new Promise((r) => setTimeout(r, 20));
    expect(started.length).toBe(whilePaused);
    pool.control.resume();
    while (finished.length < 4) await tick();
    pool.control.cancel();
    const { results, cancelled } = await pool.done;
    expect(cancelled).toBe(true);
    expect(finished.length).toBe(started.length);
    expect(started.length).toBeLessThan(10);
    expect(results.filter((r) => r !== undefined)).toHaveLength(finished.length);
  });
});
