import { randomBytes, scrypt as scryptCb, timingSafeEqual } from "node:crypto";
import { availableParallelism } from "node:os";
import { promisify } from "node:util";
import { ApiError } from "../errors";

const scryptRaw = promisify(scryptCb) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

/**
 * How many hashes run at once, and how many may wait. scrypt runs on libuv's thread pool, off
 * the event loop; bounding it keeps a flood of sign-ins from taking every thread (and 32 MiB
 * each) from the rest of the API, and a queue past its bound answers 429 at once instead of
 * growing without limit. One core is always left to the event loop (and the embedded database,
 * which runs on it): on two cores a flood of hashes would otherwise take both.
 */
export const HASH_CONCURRENCY = Math.max(1, Math.min(4, availableParallelism() - 1));
export const HASH_QUEUE_LIMIT = 64;

let running = 0;
const waiting: (() => void)[] = [];

async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= HASH_CONCURRENCY) {
    if (waiting.length >= HASH_QUEUE_LIMIT) {
      throw new ApiError(
        "rate_limited",
        "Too many password checks at once; try again in a moment",
        undefined,
        { "Retry-After": "1" },
      );
    }
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    running++;
  }
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    // The slot passes straight to the next in line (running stays the same), or is freed.
    if (next) next();
    else running--;
  }
}

/** How many hashes this process has run: tests check that every sign-in failure costs one. */
export const hashCount = { runs: 0 };

const scrypt: typeof scryptRaw = (password, salt, keylen, options) =>
  withHashSlot(() => {
    hashCount.runs++;
    return scryptRaw(password, salt, keylen, options);
  });

/**
 * N = 2^15, r = 8: about 100 ms of CPU and 32 MiB per hash. That is the point of it, and why
 * it runs only for an invitation that is live and within its rate limits (./invitations.ts).
 */
const PARAMS = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

/** scrypt, self-describing: `scrypt$N$r$p$salt$hash`. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, 32, PARAMS);
  return [
    "scrypt",
    PARAMS.N,
    PARAMS.r,
    PARAMS.p,
    salt.toString("base64url"),
    hash.toString("base64url"),
  ].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, salt, hash] = stored.split("$");
  if (kind !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64url");
  const actual = await scrypt(password, Buffer.from(salt, "base64url"), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: PARAMS.maxmem,
  });
  return timingSafeEqual(expected, actual);
}

/** A hash of no one's password: checked against when the account is unknown, to take the same time. */
let decoy: Promise<string> | undefined;

/**
 * Makes the decoy now (the server calls it at start), so that even the first unknown e-mail
 * after a start costs one hash, not two. Verifying makes it on first use otherwise.
 */
export function warmDecoy(): Promise<string> {
  decoy ??= hashPassword(randomBytes(16).toString("base64url"));
  return decoy;
}

/**
 * Verify against the account's hash, or (unknown account, no password yet) against a decoy, so
 * an unknown e-mail and a wrong password cost the same time. False for the decoy, always.
 */
export async function verifyPasswordOrDecoy(
  password: string,
  stored: string | null | undefined,
): Promise<boolean> {
  const real = typeof stored === "string" && stored.startsWith("scrypt$");
  const ok = await verifyPassword(password, real ? stored : await warmDecoy());
  return real && ok;
}
