/**
 * The benchmark's data: one company with a private key pair, 50 badges and N realistic workers
 * (the demo generator's names, addresses around US cities, phones, coordinates and badges),
 * each with its invitation row, as a real database holds them. Bulk inserts: each batch of
 * 5,000 rows is one statement fed one JSON parameter (`json_populate_recordset`), so 100,000
 * workers cost ~20 round trips, not 100,000. Then VACUUM ANALYZE, so the planner has
 * statistics (autovacuum would do it on a live server; a benchmark must not race it).
 * Past 100,000 workers the rest are copies of the first 100,000 made in the database (one
 * `insert … select` per 100,000 rows, the trigram and ranking indexes built after), so
 * 1,000,000 workers seed in minutes, not in an hour of JSON.
 */
import { sql } from "drizzle-orm";
import { createCompany, createKeys } from "@/lib/api-v2/admin/admin";
import { demoBadges, demoWorkers } from "@/lib/api-v2/demo/demo-data";
import { hashToken, randomToken } from "@/lib/api-v2/hash-token";
import { sealPersonal } from "@/lib/api-v2/users/personal-data";
import type { Db } from "@/lib/db/client";

export type BenchSeed = {
  companyId: number;
  apiKey: string;
  secretKey: string;
  badgeIds: number[];
  userIds: { min: number; max: number };
  workers: number;
  /** Realistic search prefixes taken from the seeded rows: names, e-mails, phones. */
  searchTerms: { kind: "name" | "email" | "phone"; q: string }[];
  ms: { insert: number; vacuumAnalyze: number };
};

const BATCH = 5_000;
/** Workers made one by one in JS; a larger seed copies them in the database (cloneWorkers). */
const JS_WORKERS = 100_000;
const DAY = 86_400_000;

/** 50 badges: the demo's, then site inductions and certificates until the count is reached. */
function benchBadges(count: number) {
  const base = demoBadges();
  const extra = [
    "Forklift",
    "Food Handler",
    "OSHA 10",
    "OSHA 30",
    "CPR",
    "First Aid",
    "ServSafe",
    "TABC",
    "Reach Truck",
    "Pallet Jack",
    "Scissor Lift",
    "Bartending",
    "Barista",
    "Hazmat",
    "Clean Room",
  ];
  const sites = ["Oakland DC", "Fremont FC", "Reno Hub", "Austin North", "Dallas South"];
  const out = base.map((b) => ({ name: b.name, description: b.description, is_soft: b.is_soft }));
  for (let i = 0; out.length < count; i++) {
    const name =
      i < extra.length * 2
        ? `${extra[i % extra.length]} ${i < extra.length ? "Level 2" : "Trainer"}`
        : `Site induction: ${sites[i % sites.length]} ${Math.floor(i / sites.length)}`;
    out.push({ name, description: `${name} (benchmark badge)`, is_soft: i % 4 === 0 });
  }
  return out.slice(0, count);
}

export async function seedBench(
  db: Db,
  opts: { workers: number; badges: number; now: Date },
): Promise<BenchSeed> {
  const t0 = performance.now();
  const { now } = opts;
  const result = await db.transaction(async (tx) => {
    const { company_id: companyId } = await createCompany(tx, "Bench Staffing Co");
    const keys = await createKeys(tx, companyId, "private", "test");
    const badgeRows = benchBadges(opts.badges).map((b, i) => ({
      company_id: companyId,
      name: b.name,
      description: b.description,
      is_soft: b.is_soft,
      created_at: new Date(now.getTime() - (120 - i) * DAY).toISOString(),
      updated_at: new Date(now.getTime() - (120 - i) * DAY).toISOString(),
    }));
    const inserted = await tx.execute<{ id: number }>(sql`
      insert into badges (company_id, name, description, is_soft, created_at, updated_at)
      select company_id, name, description, is_soft, created_at, updated_at
      from json_populate_recordset(null::badges, ${JSON.stringify(badgeRows)}::json)
      returning id`);
    const badgeIds = rowsOf<{ id: number }>(inserted).map((r) => Number(r.id));

    // Past JS_WORKERS, the rest are copies made in the database (cloneWorkers).
    const generated = Math.min(opts.workers, JS_WORKERS);
    const workers = demoWorkers(generated, { seed: 20261121, now, badgeCount: badgeIds.length });
    let min = Number.POSITIVE_INFINITY;
    let max = 0;
    for (let start = 0; start < workers.length; start += BATCH) {
      const batch = workers.slice(start, start + BATCH);
      const userRows = batch.map((w, j) => {
        // Created over the last 90 days, so sorting by updated_at looks lived-in.
        const created = new Date(now.getTime() - ((start + j) % 90) * DAY - (start + j) * 997);
        return {
          company_id: companyId,
          type: "Worker",
          external_id: w.external_id,
          first_name: w.first_name,
          last_name: w.last_name,
          email: w.email,
          phone: w.phone,
          gender: w.gender,
          dob: sealPersonal("dob", w.dob),
          address: w.address,
          address_state: w.address_state,
          city: w.city,
          zip: w.zip,
          home_latitude: w.home_latitude,
          home_longitude: w.home_longitude,
          latitude: w.latitude,
          longitude: w.longitude,
          drug_tested: w.drug_tested,
          referred_by: w.referred_by,
          w2_employee_id: w.w2_employee_id,
          w2_onboarding_status: w.w2_onboarding_status,
          suspended: w.suspended,
          suspended_until: w.suspended_until,
          created_at: created.toISOString(),
          updated_at: created.toISOString(),
        };
      });
      const cols = sql.raw(Object.keys(userRows[0]!).join(", "));
      const ids = rowsOf<{ id: number; email: string }>(
        await tx.execute<{ id: number; email: string }>(sql`
          insert into users (${cols})
          select ${cols} from json_populate_recordset(null::users, ${JSON.stringify(userRows)}::json)
          returning id, email`),
      );
      const idByEmail = new Map(ids.map((r) => [r.email, Number(r.id)]));
      const invitationRows: object[] = [];
      const badgeLinks: object[] = [];
      for (const w of batch) {
        const id = idByEmail.get(w.email)!;
        min = Math.min(min, id);
        max = Math.max(max, id);
        invitationRows.push({
          user_id: id,
          company_id: companyId,
          email: w.email,
          token_hash: hashToken(randomToken()),
          created_at: now.toISOString(),
          expires_at: new Date(now.getTime() + 7 * DAY).toISOString(),
          used_at: id % 3 === 0 ? null : now.toISOString(),
        });
        for (const bi of w.badgeIndexes) {
          badgeLinks.push({ user_id: id, badge_id: badgeIds[bi], created_at: now.toISOString() });
        }
      }
      await tx.execute(sql`
        insert into invitations (user_id, company_id, email, token_hash, created_at, expires_at, used_at)
        select user_id, company_id, email, token_hash, created_at, expires_at, used_at
        from json_populate_recordset(null::invitations, ${JSON.stringify(invitationRows)}::json)`);
      if (badgeLinks.length > 0) {
        await tx.execute(sql`
          insert into user_badges (user_id, badge_id, created_at)
          select user_id, badge_id, created_at
          from json_populate_recordset(null::user_badges, ${JSON.stringify(badgeLinks)}::json)`);
      }
    }
    if (opts.workers > generated) {
      max = await cloneWorkers(tx, companyId, { min, max }, opts.workers - generated);
    }
    return {
      companyId,
      apiKey: keys.api_key,
      secretKey: keys.secret_key,
      badgeIds,
      userIds: { min, max },
      searchTerms: searchTermsOf(workers),
    };
  });
  const t1 = performance.now();
  await db.execute(sql`vacuum analyze`);
  const t2 = performance.now();
  return {
    ...result,
    workers: opts.workers,
    ms: { insert: Math.round(t1 - t0), vacuumAnalyze: Math.round(t2 - t1) },
  };
}

/**
 * What people type into a search box: the first 3-6 letters of a first or last name, of an
 * e-mail's local part, or 4-7 digits of a phone after the country code. Taken from rows that
 * exist, in a fixed mix (40 % names, 30 % e-mails, 30 % phones).
 */
function searchTermsOf(workers: ReturnType<typeof demoWorkers>) {
  const terms: BenchSeed["searchTerms"] = [];
  const step = Math.max(1, Math.floor(workers.length / 200));
  for (let i = 0; i < workers.length && terms.length < 200; i += step) {
    const w = workers[i]!;
    const len = 3 + (i % 4);
    const roll = terms.length % 10;
    if (roll < 4) {
      const name = roll % 2 === 0 ? w.first_name : w.last_name;
      terms.push({ kind: "name", q: name.slice(0, len) });
    } else if (roll < 7) {
      terms.push({ kind: "email", q: w.email.slice(0, len + 2) });
    } else {
      terms.push({ kind: "phone", q: w.phone.replace(/^\+1/, "").slice(0, 4 + (i % 4)) });
    }
  }
  return terms;
}

/**
 * `extra` more workers, copies of those with ids in `ids` (same names, cities, badges and
 * sealed dates of birth; the copy number in the e-mail, a fresh phone and external id), with
 * their invitations and badges, in the database. The two costly indexes (trigram, ranking) are
 * dropped first and built again after, as a restore would. Returns the highest id.
 */
async function cloneWorkers(
  tx: Parameters<Parameters<Db["transaction"]>[0]>[0],
  companyId: number,
  ids: { min: number; max: number },
  extra: number,
): Promise<number> {
  const heavy = rowsOf<{ def: string; name: string }>(
    await tx.execute(sql`select indexname as name, indexdef as def from pg_indexes
      where tablename = 'users' and indexname in ('users_search_trgm_idx', 'users_company_rank_point_idx')`),
  );
  for (const i of heavy) await tx.execute(sql.raw(`drop index ${i.name}`));
  const base = ids.max - ids.min + 1;
  const cols = sql.raw(`type, first_name, last_name, gender, dob, address, address_state, city, zip,
    home_latitude, home_longitude, latitude, longitude, drug_tested, referred_by,
    w2_onboarding_status, suspended, suspended_until, created_at, updated_at`);
  let top = ids.max;
  for (let copy = 1, done = 0; done < extra; copy++) {
    const n = Math.min(base, extra - done);
    const inserted = rowsOf<{ hi: number }>(
      await tx.execute(sql`with made as (
        insert into users (company_id, email, phone, external_id, w2_employee_id, ${cols})
        select company_id, 'c' || ${copy}::int || '.' || email,
          '+1' || (1000000000 + ${copy}::bigint * ${base}::bigint + (id - ${ids.min}))::text,
          case when external_id is not null then external_id || '-c' || ${copy}::int end,
          case when w2_employee_id is not null then w2_employee_id || '-c' || ${copy}::int end,
          ${cols}
        from users where company_id = ${companyId} and id between ${ids.min} and ${ids.min + n - 1}
        returning id)
      select max(id) as hi from made`),
    );
    top = Math.max(top, Number(inserted[0]!.hi));
    // Each copy found by its e-mail (the unique index on lower(email)).
    const pairs = sql`select o.id as old_id, c.id as new_id from users o
      join users c on lower(c.email) = lower('c' || ${copy}::int || '.' || o.email)
      where o.company_id = ${companyId} and o.id between ${ids.min} and ${ids.min + n - 1}`;
    await tx.execute(sql`insert into invitations (user_id, company_id, email, token_hash, created_at, expires_at, used_at)
      select p.new_id, i.company_id, 'c' || ${copy}::int || '.' || i.email,
        md5(random()::text || i.token_hash) || md5(p.new_id::text), i.created_at, i.expires_at, i.used_at
      from invitations i join (${pairs}) p on p.old_id = i.user_id`);
    await tx.execute(sql`insert into user_badges (user_id, badge_id, created_at)
      select p.new_id, b.badge_id, b.created_at from user_badges b join (${pairs}) p on p.old_id = b.user_id`);
    done += n;
  }
  for (const i of heavy) await tx.execute(sql.raw(i.def));
  return top;
}

/** drizzle's execute answers `{ rows }` on both drivers. */
function rowsOf<T>(res: unknown): T[] {
  return (res as { rows: T[] }).rows;
}
