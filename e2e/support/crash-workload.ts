import type { Answer, Api, Identities } from "./api-client";

/**
 * Writers for the crash rounds, and the model that judges what survives a kill. Each client
 * writes sequentially (one request in flight), so a worker's writes are totally ordered and
 * only a client's last write can be unanswered when the server dies. After the restart a
 * worker must be in the state of some prefix of its sent writes that includes every
 * acknowledged one, and its history must hold exactly that prefix, write by write.
 */

export const TRACKED_FIELDS = [
  "first_name",
  "last_name",
  "email",
  "phone",
  "external_id",
  "city",
  "zip",
  "address",
  "tracking_code",
] as const;

export type State = { fields: Record<string, unknown>; badges: string[] };

export type Write = {
  kind: "invite" | "patch";
  body: Record<string, unknown>;
  /** The worker's state once this write is applied (after every earlier one). */
  after: State;
  acked: boolean;
};

export type Tracked = {
  round: number;
  client: number;
  externalId: string;
  /** Known from the invite's answer, or found after the restart. */
  id: number | null;
  writes: Write[];
  /** What the restart showed: null = the (unanswered) invite never committed. */
  final?: State | null;
  /** How many of its writes the restart showed applied. */
  applied?: number;
};

export type Problem = string;

export function stateOf(user: Record<string, unknown>): State {
  return {
    fields: Object.fromEntries(TRACKED_FIELDS.map((f) => [f, user[f] ?? null])),
    badges: ((user.user_badges ?? []) as { badge_id: string | number }[])
      .map((b) => String(b.badge_id))
      .sort(),
  };
}

export const sameState = (a: State | null | undefined, b: State | null | undefined) =>
  JSON.stringify(a) === JSON.stringify(b);

const CITIES = ["Anchorage", "Juneau", "Fairbanks", "Sitka", "Nome", "Kodiak", "Homer", "Bethel"];
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;

function pickSome<T>(xs: readonly T[], max: number): T[] {
  const pool = [...xs];
  const out: T[] = [];
  const n = 1 + Math.floor(Math.random() * max);
  while (out.length < n && pool.length > 0)
    out.push(pool.splice(Math.floor(Math.random() * pool.length), 1)[0]!);
  return out;
}

export type ClientContext = {
  api: Api;
  badgeIds: string[];
  ids: Identities;
  round: number;
  client: number;
  /** Set just before the kill: from then on a failed request is the kill's doing. */
  stop: { killed: boolean };
  tracked: Tracked[];
  problems: Problem[];
};

function nextInvite(ctx: ClientContext): { t: Tracked; write: Write } {
  const who = ctx.ids.next(`crash-r${ctx.round}c${ctx.client}`);
  const badges = Math.random() < 0.5 ? pickSome(ctx.badgeIds, 2) : [];
  const fields: Record<string, unknown> = {
    first_name: "Crash",
    last_name: `Round${ctx.round} Client${ctx.client} N${who.n}`,
    email: who.email,
    phone: who.phone,
    external_id: who.external_id,
    city: pick(CITIES),
    zip: null,
    address: null,
    tracking_code: "w0",
  };
  const body: Record<string, unknown> = { type: "Worker" };
  for (const [k, v] of Object.entries(fields)) if (v !== null) body[k] = v;
  if (badges.length > 0) body.user_badges_attributes = badges.map((badge_id) => ({ badge_id }));
  const t: Tracked = {
    round: ctx.round,
    client: ctx.client,
    externalId: who.external_id,
    id: null,
    writes: [],
  };
  return {
    t,
    write: { kind: "invite", body, after: { fields, badges: [...badges].sort() }, acked: false },
  };
}

/** A field change (always a new tracking code, often more) with badge adds and removes. */
function nextPatch(ctx: ClientContext, t: Tracked): Write {
  const cur = t.writes.at(-1)!.after;
  const fields: Record<string, unknown> = { ...cur.fields, tracking_code: `w${t.writes.length}` };
  if (Math.random() < 0.5) fields.city = pick(CITIES.filter((c) => c !== cur.fields.city));
  if (Math.random() < 0.3) fields.zip = String(99_500 + Math.floor(Math.random() * 450));
  if (Math.random() < 0.2) fields.address = `${1 + Math.floor(Math.random() * 999)} Tundra Rd`;
  const held = new Set(cur.badges);
  const attrs: { badge_id: string; _destroy?: boolean }[] = [];
  if (Math.random() < 0.7) {
    if (held.size > 0 && Math.random() < 0.5) {
      const gone = pick([...held]);
      attrs.push({ badge_id: gone, _destroy: true });
      held.delete(gone);
    }
    const free = ctx.badgeIds.filter((b) => !cur.badges.includes(b));
    if (free.length > 0 && Math.random() < 0.7) {
      for (const b of pickSome(free, 2)) {
        attrs.push({ badge_id: b });
        held.add(b);
      }
    }
  }
  const body: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(fields)) if (v !== cur.fields[k]) body[k] = v;
  if (attrs.length > 0) body.user_badges_attributes = attrs;
  return {
    kind: "patch",
    body: { user: body },
    after: { fields, badges: [...held].sort() },
    acked: false,
  };
}

/** One writer: invites workers and patches its own, one request at a time, until the kill. */
export async function runClient(ctx: ClientContext): Promise<void> {
  const mine: Tracked[] = [];
  while (!ctx.stop.killed) {
    const patchable = mine.filter((m) => m.id !== null);
    let t: Tracked;
    let write: Write;
    if (patchable.length < 2 || Math.random() < 0.25) {
      ({ t, write } = nextInvite(ctx));
      mine.push(t);
      ctx.tracked.push(t);
    } else {
      t = pick(patchable);
      write = nextPatch(ctx, t);
    }
    t.writes.push(write);
    const what = `${write.kind} #${t.writes.length - 1} of ${t.externalId}`;
    let answer: Answer;
    try {
      answer =
        write.kind === "invite"
          ? await ctx.api("POST", "/users/invite", write.body)
          : await ctx.api("PATCH", `/users/${t.id}`, write.body);
    } catch (err) {
      if (!ctx.stop.killed) ctx.problems.push(`${what}: ${(err as Error).message} before the kill`);
      return;
    }
    const expected = write.kind === "invite" ? 201 : 200;
    if (answer.status !== expected) {
      // A complete answer means the server was alive to give it: any other status is a bug.
      ctx.problems.push(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
      return;
    }
    write.acked = true;
    if (write.kind === "invite") t.id = answer.body.id;
    if (!sameState(stateOf(answer.body), write.after))
      ctx.problems.push(
        `${what}: answered ${JSON.stringify(stateOf(answer.body))}, expected ${JSON.stringify(write.after)}`,
      );
  }
}

type HistoryEntry = {
  kind: string;
  changes: Record<string, { from: unknown; to: unknown }>;
  badges_added: { badge_id: string }[];
  badges_removed: { badge_id: string }[];
};

/** Every history entry of a worker, oldest first. */
async function historyOf(api: Api, id: number): Promise<HistoryEntry[]> {
  const out: HistoryEntry[] = [];
  for (let page = 1; ; page++) {
    const r = await api("GET", `/users/${id}/history?per=50&page=${page}`);
    if (r.status !== 200)
      throw new Error(`history of ${id}: ${r.status} ${JSON.stringify(r.body)}`);
    out.push(...(r.body.history as HistoryEntry[]));
    if (out.length >= r.body.total || r.body.history.length === 0) break;
  }
  return out.reverse();
}

const ids = (refs: { badge_id: string }[]) => refs.map((r) => String(r.badge_id)).sort();
const minus = (a: string[], b: string[]) => a.filter((x) => !b.includes(x)).sort();

/**
 * After the restart: the worker's state is that of a prefix of its writes that includes every
 * acknowledged one, and its history holds that prefix entry by entry (fields and badges).
 */
export async function verifyTracked(api: Api, t: Tracked): Promise<Problem[]> {
  const problems: Problem[] = [];
  let user: Record<string, unknown> | undefined;
  if (t.id === null) {
    const r = await api("GET", `/users?external_id=${encodeURIComponent(t.externalId)}`);
    if (r.status !== 200) return [`list by external_id ${t.externalId}: ${r.status}`];
    user = r.body.users[0];
    if (!user) {
      // The unanswered invite did not commit: nothing of it may be visible anywhere.
      t.final = null;
      t.applied = 0;
      return [];
    }
    t.id = user.id as number;
  } else {
    const r = await api("GET", `/users/${t.id}`);
    if (r.status !== 200) return [`${t.externalId} (acknowledged) is gone: ${r.status}`];
    user = r.body;
  }
  const actual = stateOf(user!);
  const lastAcked = t.writes.findLastIndex((w) => w.acked);
  const j = t.writes.findIndex((w) => sameState(w.after, actual));
  if (j < 0 || j < lastAcked) {
    problems.push(
      `${t.externalId}: state ${JSON.stringify(actual)} is no prefix of its writes that includes the ${lastAcked + 1} acknowledged (sent ${t.writes.length}; last acknowledged expects ${JSON.stringify(t.writes[lastAcked]?.after)})`,
    );
    return problems;
  }
  t.final = actual;
  t.applied = j + 1;
  const history = await historyOf(api, t.id!);
  if (history.length !== j + 1) {
    problems.push(`${t.externalId}: ${history.length} history entries for ${j + 1} applied writes`);
    return problems;
  }
  history.forEach((h, i) => {
    const w = t.writes[i]!;
    const before = i === 0 ? [] : t.writes[i - 1]!.after.badges;
    const expectKind = i === 0 ? "invited" : "updated";
    const ok =
      h.kind === expectKind &&
      h.changes.tracking_code?.to === w.after.fields.tracking_code &&
      JSON.stringify(ids(h.badges_added)) === JSON.stringify(minus(w.after.badges, before)) &&
      JSON.stringify(ids(h.badges_removed)) === JSON.stringify(minus(before, w.after.badges));
    if (!ok)
      problems.push(
        `${t.externalId}: history entry ${i} ${JSON.stringify(h)} does not match write ${JSON.stringify(w)}`,
      );
  });
  return problems;
}
