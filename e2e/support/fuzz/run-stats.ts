/** Counts of a fuzz run: requests, statuses, error codes and the hostile things sent. */
export class RunStats {
  requests = 0;
  readonly statuses = new Map<number, number>();
  readonly codes = new Map<string, number>();
  readonly tags = new Map<string, number>();
  readonly hits = new Map<string, number>();
  private readonly started = performance.now();
  private readonly cpuStarted = process.cpuUsage();

  add(status: number, code: string | undefined, tags: readonly string[], hit: string): void {
    this.requests++;
    bump(this.statuses, status);
    if (code) bump(this.codes, code);
    for (const t of new Set(tags)) bump(this.tags, t);
    bump(this.hits, hit);
  }

  get serverErrors(): number {
    let n = 0;
    for (const [s, c] of this.statuses) if (s >= 500) n += c;
    return n;
  }

  seconds(): number {
    return (performance.now() - this.started) / 1000;
  }

  /** CPU seconds this process spent since the run began: the machine is shared, wall time varies. */
  cpuSeconds(): number {
    const u = process.cpuUsage(this.cpuStarted);
    return (u.user + u.system) / 1e6;
  }

  /** One line: requests, status histogram, 5xx, rate. */
  line(label: string): string {
    const hist = [...this.statuses]
      .sort(([a], [b]) => a - b)
      .map(([s, c]) => `${s}:${c}`)
      .join(" ");
    const s = this.seconds();
    return `${label}: ${this.requests} requests in ${s.toFixed(1)} s (${(this.requests / s).toFixed(0)}/s, ${this.cpuSeconds().toFixed(1)} s CPU in this process); statuses ${hist}; 5xx seen: ${this.serverErrors}`;
  }

  /** The most frequent tags and codes, for a second, optional line. */
  detail(top = 40): string {
    const list = (m: Map<string, number>) =>
      [...m]
        .sort((a, b) => b[1] - a[1])
        .slice(0, top)
        .map(([k, v]) => `${k}:${v}`)
        .join(" ");
    return `codes ${list(this.codes)}\n  inputs ${list(this.tags)}`;
  }
}

function bump<K>(m: Map<K, number>, k: K): void {
  m.set(k, (m.get(k) ?? 0) + 1);
}

/** The own properties of the built-in prototypes, to show afterwards that none was added. */
export function prototypeSnapshot(): Record<string, string[]> {
  const protos: Record<string, object> = {
    Object: Object.prototype,
    Array: Array.prototype,
    Function: Function.prototype,
    String: String.prototype,
    Number: Number.prototype,
    Boolean: Boolean.prototype,
  };
  return Object.fromEntries(
    Object.entries(protos).map(([k, p]) => [k, Reflect.ownKeys(p).map(String).sort()]),
  );
}

/** Properties a polluted prototype would show on a fresh object. */
export function pollutionSeen(): string[] {
  const probe: Record<string, unknown> = {};
  return ["polluted", "isAdmin", "pool", "0"].filter((k) => probe[k] !== undefined);
}
