import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, isNull, lte, or } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { outbox, outboxAttempts } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { metrics } from "@/lib/metrics";
import { clock } from "../clock";
import { type Deliver, type OutboxRow, realDeliver } from "./deliver";

const MAX_DELAY_MS = 6 * 60 * 60 * 1000;

/**
 * Delay before the next attempt, after `attempts` attempts: the first retry waits `baseMs`, each
 * further one twice as long (60, 120, 240 s by default, as the real service), plus up to 10 %
 * jitter so that deliveries failing together do not retry in lockstep.
 */
export function retryDelayMs(attempts: number, baseMs: number, random: number): number {
  const exp = Math.min(baseMs * 2 ** Math.max(0, attempts - 1), MAX_DELAY_MS);
  return Math.round(exp * (1 + 0.1 * random));
}

type DispatcherOptions = {
  db: Db;
  /** Recorded on every attempt; unique per dispatcher. */
  id?: string;
  now?: () => Date;
  random?: () => number;
  deliver?: Deliver;
  batchSize?: number;
  leaseMs?: number;
  pollMs?: number;
  retryBaseMs?: number;
};

type TickReport = { claimed: number; delivered: number; retried: number; dead: number };

class LeaseLost extends Error {}

// On globalThis: Next bundles route handlers apart from the server entry, so module state is
// not shared between them, but the process is.
const REGISTRY = Symbol.for("employer-portal.dispatchers");
const holder = globalThis as { [REGISTRY]?: Set<Dispatcher> };
holder[REGISTRY] ??= new Set<Dispatcher>();
const registry: Set<Dispatcher> = holder[REGISTRY];

/** A write in this process queued something: running dispatchers look at once, not at the next poll. */
export function wakeDispatchers(): void {
  for (const d of registry) d.wake();
}

/**
 * Delivers due outbox rows. A row is claimed with a lease in one statement
 * (`FOR UPDATE SKIP LOCKED`), so dispatchers in several processes on one database never work on
 * the same row at once; its attempt is recorded, and the row settled, only while the lease is
 * still ours. A dispatcher killed mid-delivery leaves the lease to expire and the row to be
 * delivered again: delivery is at least once, and receivers deduplicate by the event id.
 */
export class Dispatcher {
  readonly id: string;
  private readonly db: Db;
  private readonly now: () => Date;
  private readonly random: () => number;
  private readonly deliver: Deliver;
  private readonly batchSize: number;
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private readonly retryBaseMs: number;
  private running = false;
  private loop: Promise<void> | null = null;
  private wakeUp: (() => void) | null = null;
  private woken = false;

  constructor(opts: DispatcherOptions) {
    const e = env();
    this.db = opts.db;
    this.id = opts.id ?? `dispatcher-${process.pid}-${randomUUID().slice(0, 8)}`;
    this.now = opts.now ?? (() => clock.now());
    this.random = opts.random ?? Math.random;
    this.deliver = opts.deliver ?? realDeliver(opts.db);
    this.batchSize = opts.batchSize ?? 16;
    this.leaseMs = opts.leaseMs ?? e.OUTBOX_LEASE_SECONDS * 1000;
    this.pollMs = opts.pollMs ?? e.OUTBOX_POLL_MS;
    this.retryBaseMs = opts.retryBaseMs ?? e.OUTBOX_RETRY_SECONDS * 1000;
  }

  /** Everything this dispatcher has done since it was made. */
  readonly totals: TickReport = { claimed: 0, delivered: 0, retried: 0, dead: 0 };

  /** Claims one batch of due rows and delivers it. */
  async tick(): Promise<TickReport> {
    const rows = await this.claim();
    const report: TickReport = { claimed: rows.length, delivered: 0, retried: 0, dead: 0 };
    await Promise.all(
      rows.map(async (row) => {
        const result = await this.attempt(row);
        if (result) report[result]++;
      }),
    );
    for (const k of Object.keys(report) as (keyof TickReport)[]) this.totals[k] += report[k];
    return report;
  }

  /** Ticks until nothing is due. */
  async drain(): Promise<TickReport> {
    const total: TickReport = { claimed: 0, delivered: 0, retried: 0, dead: 0 };
    for (;;) {
      const r = await this.tick();
      for (const k of Object.keys(total) as (keyof TickReport)[]) total[k] += r[k];
      if (r.claimed === 0) return total;
    }
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    registry.add(this);
    this.loop = (async () => {
      let failures = 0;
      while (this.running) {
        let busy = false;
        try {
          busy = (await this.tick()).claimed === this.batchSize;
          failures = 0;
        } catch (err) {
          failures++;
          if (this.running) log.error("outbox dispatcher failed", { err: (err as Error).message });
        }
        if (!busy && this.running) await this.sleep(this.pollMs * Math.min(2 ** failures, 30));
      }
    })();
  }

  async stop(): Promise<void> {
    this.running = false;
    registry.delete(this);
    this.wake();
    await this.loop;
  }

  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  private sleep(ms: number): Promise<void> {
    if (this.woken) {
      this.woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const t = setTimeout(done, ms);
      function done() {
        clearTimeout(t);
        resolve();
      }
      this.wakeUp = () => {
        this.wakeUp = null;
        this.woken = false;
        done();
      };
    });
  }

  private async claim(): Promise<OutboxRow[]> {
    const now = this.now();
    const due = this.db
      .select({ id: outbox.id })
      .from(outbox)
      .where(
        and(
          eq(outbox.state, "pending"),
          lte(outbox.nextAttemptAt, now),
          or(isNull(outbox.leaseUntil), lte(outbox.leaseUntil, now)),
        ),
      )
      .orderBy(asc(outbox.nextAttemptAt), asc(outbox.id))
      .limit(this.batchSize)
      .for("update", { skipLocked: true });
    return this.db
      .update(outbox)
      .set({ leaseOwner: this.id, leaseUntil: new Date(now.getTime() + this.leaseMs) })
      .where(inArray(outbox.id, due))
      .returning();
  }

  private async attempt(row: OutboxRow): Promise<"delivered" | "retried" | "dead" | null> {
    const startedAt = this.now();
    const t0 = performance.now();
    let outcome: Awaited<ReturnType<Deliver>>;
    try {
      outcome = await this.deliver(row);
    } catch (err) {
      outcome = { ok: false, status: null, error: (err as Error).message || "delivery failed" };
    }
    const latencyMs = Math.max(0, Math.round(performance.now() - t0));
    const attempt = row.attempts + 1;
    const dead = !outcome.ok && (outcome.permanent === true || attempt >= row.maxAttempts);
    const settledAt = this.now();
    const state = outcome.ok ? "delivered" : dead ? "dead" : "pending";
    try {
      await this.db.transaction(async (tx) => {
        const settled = await tx
          .update(outbox)
          .set({
            attempts: attempt,
            state,
            nextAttemptAt:
              state === "pending"
                ? new Date(
                    settledAt.getTime() + retryDelayMs(attempt, this.retryBaseMs, this.random()),
                  )
                : row.nextAttemptAt,
            leaseOwner: null,
            leaseUntil: null,
            lastStatus: outcome.status,
            lastError: outcome.error,
            transport: outcome.transport ?? row.transport,
            deliveredAt: outcome.ok ? settledAt : null,
          })
          .where(
            and(
              eq(outbox.id, row.id),
              eq(outbox.leaseOwner, this.id),
              eq(outbox.attempts, row.attempts),
              eq(outbox.state, "pending"),
            ),
          )
          .returning({ id: outbox.id });
        // Someone else took the row after our lease ran out: their attempt is the one on record.
        if (settled.length === 0) throw new LeaseLost();
        await tx.insert(outboxAttempts).values({
          outboxId: row.id,
          attempt,
          startedAt,
          latencyMs,
          ok: outcome.ok,
          status: outcome.status,
          error: outcome.error,
          dispatcher: this.id,
        });
      });
    } catch (err) {
      if (err instanceof LeaseLost) {
        log.warn("outbox lease lost", { outbox_id: row.id, dispatcher: this.id });
        return null;
      }
      throw err;
    }
    metrics()
      .deliveries.labels({ kind: row.channel, outcome: state === "pending" ? "retried" : state })
      .inc();
    if (!outcome.ok) {
      log.warn(dead ? "outbox delivery dead" : "outbox delivery failed, will retry", {
        outbox_id: row.id,
        channel: row.channel,
        attempt,
        status: outcome.status,
        error: outcome.error,
      });
    }
    return state === "pending" ? "retried" : state;
  }
}
