import { AsyncLocalStorage } from "node:async_hooks";

/**
 * The embedded engine (PGlite) runs one statement at a time; by itself it queues statements in
 * the order they are sent. Under many connections that is unfair to requests: a request that
 * ran its first statement (the token check) then waits behind every statement sent since, the
 * first ones of requests that arrived after it included, once for each statement it runs. Here
 * a request's later statements go before the first statements of requests that have not
 * started yet, and requests start in the order their first statement was sent: a request,
 * once started, finishes with the engine's next turns (up to PRECEDENCE_TURNS statements).
 *
 * Measured (issue 29) with PGlite alone, 32 concurrent "requests" of the list's two statements
 * and 3 ms of work each: p99 2.5-4.7 s → 1.4-1.6 s, and 18-20 → 28-33 requests/s. Through the
 * production server (20,000 workers, the list at 32 connections) both orders measured alike
 * (p99 6.0-6.8 s either way, p50 ~0.4 s): that tail arises before a request's first statement
 * is sent, and the bare baseline server shows it too.
 */
type Scope = { turns: number };

/**
 * A request keeps its precedence for this many statements (a list runs 2, a write about 10;
 * a transaction counts as one): a long one (an import of thousands of rows) then takes its
 * turns with the others instead of holding the engine until it is done.
 */
const PRECEDENCE_TURNS = 16;
const requests = new AsyncLocalStorage<Scope>();

/** Runs `fn` as one request: the statements it sends are queued as its own. */
export function asRequest<T>(fn: () => T): T {
  return requests.run({ turns: 0 }, fn);
}

type Job = {
  run: () => Promise<unknown>;
  resolve: (v: unknown) => void;
  reject: (err: unknown) => void;
  scope: Scope | undefined;
};

/** What drizzle calls on a PGlite client. */
type Engine = {
  query: (...args: never[]) => Promise<unknown>;
  transaction: (fn: never) => Promise<unknown>;
};

/**
 * The client with its `query` and `transaction` queued as above (a transaction is one turn:
 * its statements run on the transaction's own handle, not through this queue). `inFlight`
 * statements are handed to the engine at once: 1 for PGlite in this thread; a few for PGlite on
 * its own thread (./engine-thread.ts), so that it has the next statement in hand when it ends
 * one instead of waiting for this thread to read the answer and send the next (the engine still
 * runs them one at a time, in the order sent).
 */
export function fairEngine<C extends Engine>(client: C, inFlight = 1): C {
  const continuing: Job[] = [];
  const fresh: Job[] = [];
  let running = 0;
  const next = () => {
    if (running >= inFlight) return;
    const job = continuing.shift() ?? fresh.shift();
    if (!job) return;
    running++;
    if (job.scope) job.scope.turns++;
    job
      .run()
      .then(job.resolve, job.reject)
      .finally(() => {
        running--;
        next();
      });
  };
  const queued =
    <A extends unknown[]>(call: (...args: A) => Promise<unknown>) =>
    (...args: A) =>
      new Promise((resolve, reject) => {
        const scope = requests.getStore();
        const started = scope && scope.turns > 0 && scope.turns < PRECEDENCE_TURNS;
        (started ? continuing : fresh).push({
          run: () => call(...args),
          resolve,
          reject,
          scope,
        });
        next();
      });
  const query = queued(client.query.bind(client) as (...args: unknown[]) => Promise<unknown>);
  const transaction = queued(client.transaction.bind(client) as (fn: unknown) => Promise<unknown>);
  // PGlite keeps its state in private fields: anything else is the client's own, bound to it.
  return new Proxy(client, {
    get(target, key) {
      if (key === "query") return query;
      if (key === "transaction") return transaction;
      const value = Reflect.get(target, key);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
