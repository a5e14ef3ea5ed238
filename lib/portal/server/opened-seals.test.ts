import { describe, expect, it } from "vitest";
import {
  expiryOf,
  OPENED_SEAL_MAX_AGE_MS,
  OPENED_SEALS_MAX,
  openedSeals,
} from "@/lib/portal/server/opened-seals";

const sealExpiring = (ms: number, tag = "a") => `Fe26.2*1*salt*iv*${tag}*${ms}*hsalt*hmac~2`;

describe("expiryOf", () => {
  it("reads the expiry iron writes into a seal", () => {
    expect(expiryOf(sealExpiring(1_900_000_000_000))).toBe(1_900_000_000_000);
  });
  it.each([
    ["no expiry", "Fe26.2*1*salt*iv*data**hsalt*hmac~2"],
    ["an unreadable expiry", "Fe26.2*1*salt*iv*data*soon*hsalt*hmac~2"],
    ["the wrong number of fields", "Fe26.2*1*salt*iv*123~2"],
    ["not a seal", "garbage"],
  ])("is 0 for %s (nothing is kept)", (_, seal) => {
    expect(expiryOf(seal)).toBe(0);
  });
});

describe("openedSeals", () => {
  it("gives back a copy of what was kept, so a handler's change does not leak", () => {
    let t = 1_000;
    const cache = openedSeals<{ sid: string; name?: string }>(() => t);
    const seal = sealExpiring(t + 10 * OPENED_SEAL_MAX_AGE_MS);
    const data = { sid: "s1", name: "A" };
    cache.set(seal, data);
    data.name = "changed before the read";
    const got = cache.get(seal)!;
    expect(got).toEqual({ sid: "s1", name: "A" });
    got.name = "changed after the read";
    expect(cache.get(seal)).toEqual({ sid: "s1", name: "A" });
    t += 1;
  });

  it("forgets an entry after a minute", () => {
    let t = 1_000;
    const cache = openedSeals<{ sid: string }>(() => t);
    const seal = sealExpiring(t + 10 * OPENED_SEAL_MAX_AGE_MS);
    cache.set(seal, { sid: "s1" });
    t += OPENED_SEAL_MAX_AGE_MS - 1;
    expect(cache.get(seal)).toBeDefined();
    t += 1;
    expect(cache.get(seal)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("never keeps an entry past the expiry written in the seal", () => {
    let t = 1_000;
    const cache = openedSeals<{ sid: string }>(() => t);
    const seal = sealExpiring(t + 5_000);
    cache.set(seal, { sid: "s1" });
    t += 4_999;
    expect(cache.get(seal)).toBeDefined();
    t += 1;
    expect(cache.get(seal)).toBeUndefined();
  });

  it("keeps nothing for a seal already expired or without a readable expiry", () => {
    const t = 1_000_000;
    const cache = openedSeals<{ sid: string }>(() => t);
    cache.set(sealExpiring(t - 1), { sid: "old" });
    cache.set("garbage", { sid: "garbage" });
    expect(cache.size).toBe(0);
  });

  it(`holds at most ${OPENED_SEALS_MAX} entries, forgetting the oldest first`, () => {
    const t = 1_000;
    const cache = openedSeals<{ sid: string }>(() => t);
    const far = t + 10 * OPENED_SEAL_MAX_AGE_MS;
    for (let i = 0; i <= OPENED_SEALS_MAX; i++)
      cache.set(sealExpiring(far, `d${i}`), { sid: `${i}` });
    expect(cache.size).toBe(OPENED_SEALS_MAX);
    expect(cache.get(sealExpiring(far, "d0"))).toBeUndefined();
    expect(cache.get(sealExpiring(far, "d1"))).toEqual({ sid: "1" });
    expect(cache.get(sealExpiring(far, `d${OPENED_SEALS_MAX}`))).toEqual({
      sid: `${OPENED_SEALS_MAX}`,
    });
  });
});
