import type { Database } from "@/lib/db/client";
import type { Listening } from "@/lib/db/listen";
import { log } from "@/lib/log";
import { ApiError } from "../errors";
import { GRANTS_CHANNEL, MESSAGES_CHANNEL, type MessageNotice } from "./live-notify";

/** Documented bounds of the live stream. */
export const STREAM_LIMITS = {
  /** Open streams in one server process. */
  perProcess: 1_000,
  /** Open streams of one token (one sign-in, or one authenticate of a key pair). */
  perGrant: 20,
} as const;

/** What a stream sends: ids only; the client refetches through the API. */
export type StreamEvent =
  | { event: "message"; data: { id: number; job_id: number; job_request_id: number } }
  | {
      event: "read";
      data: { job_id: number; job_request_id: number; id?: number; marked?: number };
    }
  /**
   * Ours (issue 27): a job request or one of its jobs changed; the job page reads them again.
   * `job_id` is absent when the request itself changed.
   */
  | { event: "job"; data: { job_request_id: number; job_id?: number } }
  /** Notifications may have been missed (the listener reconnected): refetch what is shown. */
  | { event: "resync"; data: Record<string, never> };

/** `server_stopping` closes without an `end` event, so the client reconnects (to another instance). */
export type EndReason = "token_expired" | "token_revoked" | "server_stopping";

/** One open stream, as the hub sees it. */
export type Subscriber = {
  companyId: number;
  /** Only this job request's events; null for the whole company. */
  jobRequestId: number | null;
  grantId: number | null;
  apiKeyId: number;
  personId: number | null;
  push(e: StreamEvent): void;
  end(reason: EndReason): void;
};

type GrantEnded = { kind: "token" | "api_key" | "user"; id: number };

/**
 * The one LISTEN of a server process, fanned out in memory to the open streams of each
 * company: however many streams are open, the database holds one listening connection, and an
 * idle stream costs no query. The connection is opened with the first stream and closed with
 * the last. A grant that ends (sign-out, password change, deactivation, a revoked key pair)
 * ends its streams at once, on every instance, through the triggers of migration 0010.
 */
export class LiveHub {
  private readonly subs = new Set<Subscriber>();
  private readonly perGrant = new Map<number, number>();
  private listening: Promise<Listening> | null = null;

  constructor(
    private readonly database: Pick<Database, "listen">,
    readonly limits: { perProcess: number; perGrant: number } = STREAM_LIMITS,
    /** After a reconnect: which of these grants still hold (revocations may have been missed). */
    private readonly stillValid?: (grantIds: number[]) => Promise<Set<number>>,
  ) {}

  get size(): number {
    return this.subs.size;
  }

  /**
   * Adds a stream once the LISTEN is in place (so nothing committed after the answer is
   * missed); 429 past the limits. Returns how to remove it.
   */
  async subscribe(sub: Subscriber): Promise<() => void> {
    if (this.subs.size >= this.limits.perProcess) {
      throw new ApiError(
        "rate_limited",
        `This server holds its maximum of ${this.limits.perProcess} live streams; try again shortly`,
        undefined,
        { "Retry-After": "30" },
      );
    }
    const grant = sub.grantId;
    if (grant !== null && (this.perGrant.get(grant) ?? 0) >= this.limits.perGrant) {
      throw new ApiError(
        "rate_limited",
        `A token may hold at most ${this.limits.perGrant} live streams at once; close one first`,
        undefined,
        { "Retry-After": "30" },
      );
    }
    this.subs.add(sub);
    if (grant !== null) this.perGrant.set(grant, (this.perGrant.get(grant) ?? 0) + 1);
    let removed = false;
    const remove = () => {
      if (removed) return;
      removed = true;
      this.subs.delete(sub);
      if (grant !== null) {
        const n = (this.perGrant.get(grant) ?? 1) - 1;
        if (n <= 0) this.perGrant.delete(grant);
        else this.perGrant.set(grant, n);
      }
      if (this.subs.size === 0) this.stopListening();
    };
    try {
      await this.startListening();
    } catch (err) {
      remove();
      throw err;
    }
    return remove;
  }

  private startListening(): Promise<Listening> {
    if (!this.listening) {
      const started = this.database.listen([MESSAGES_CHANNEL, GRANTS_CHANNEL], {
        notice: (channel, payload) => this.onNotice(channel, payload),
        resumed: () => void this.onResumed(),
      });
      this.listening = started;
      started.catch(() => {
        if (this.listening === started) this.listening = null;
      });
    }
    return this.listening;
  }

  private stopListening(): void {
    const l = this.listening;
    this.listening = null;
    l?.then((x) => x.stop()).catch(() => undefined);
  }

  /** The server is stopping: every stream is closed (its client reconnects elsewhere). */
  endAll(): void {
    for (const s of [...this.subs]) s.end("server_stopping");
  }

  /** Stops listening and ends nothing (the process is going away, or a test is done). */
  async close(): Promise<void> {
    this.subs.clear();
    this.perGrant.clear();
    const l = this.listening;
    this.listening = null;
    await l?.then((x) => x.stop()).catch(() => undefined);
  }

  private onNotice(channel: string, payload: string): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload);
    } catch {
      return;
    }
    if (channel === MESSAGES_CHANNEL) this.fanOut(parsed as MessageNotice);
    else if (channel === GRANTS_CHANNEL) this.endGrant(parsed as GrantEnded);
  }

  private fanOut(n: MessageNotice): void {
    const event: StreamEvent =
      n.type === "job"
        ? {
            event: "job",
            data: {
              job_request_id: n.job_request_id,
              ...(n.job_id !== undefined && { job_id: n.job_id }),
            },
          }
        : n.type === "message"
          ? {
              event: "message",
              data: { id: n.id, job_id: n.job_id, job_request_id: n.job_request_id },
            }
          : {
              event: "read",
              data: {
                job_id: n.job_id,
                job_request_id: n.job_request_id,
                ...(n.id !== undefined && { id: n.id }),
                ...(n.marked !== undefined && { marked: n.marked }),
              },
            };
    for (const s of this.subs) {
      if (s.companyId !== n.company_id) continue;
      if (s.jobRequestId !== null && s.jobRequestId !== n.job_request_id) continue;
      s.push(event);
    }
  }

  private endGrant(g: GrantEnded): void {
    for (const s of [...this.subs]) {
      const ends =
        (g.kind === "token" && s.grantId === g.id) ||
        (g.kind === "api_key" && s.apiKeyId === g.id) ||
        (g.kind === "user" && s.personId === g.id);
      if (ends) s.end("token_revoked");
    }
  }

  private async onResumed(): Promise<void> {
    for (const s of this.subs) s.push({ event: "resync", data: {} });
    if (!this.stillValid) return;
    const grants = [...new Set([...this.subs].map((s) => s.grantId).filter((g) => g !== null))];
    if (grants.length === 0) return;
    try {
      const valid = await this.stillValid(grants);
      for (const s of [...this.subs]) {
        if (s.grantId !== null && !valid.has(s.grantId)) s.end("token_revoked");
      }
    } catch (err) {
      log.warn("live streams: grant re-check failed", { err: String(err) });
    }
  }
}
