/**
 * The service's only source of "now", so tests can move time (token expiry, the public-pool
 * 24-hour window) without waiting. Everything time-dependent reads `clock.now()`.
 */
export const clock = {
  now: (): Date => new Date(),
};

export function setClock(now: (() => Date) | null): void {
  clock.now = now ?? (() => new Date());
}
