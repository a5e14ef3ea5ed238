/**
 * The embedded API called in the same process. When the portal's upstream is the embedded API
 * (this same server), its calls need not travel over a loopback socket: the server registers a
 * function that answers a Web Request exactly as the API's HTTP side would (the same route
 * files, the same trust rules for the portal's signed client address), and the portal's
 * upstream calls it. A remote upstream, or a process without the registration (the dev server,
 * tests), still goes over HTTP.
 *
 * On globalThis: the server entry and Next's compiled portal routes are separate module graphs.
 */
export type EmbeddedApi = (request: Request) => Promise<Response>;

const KEY = Symbol.for("employer-portal.embedded-api");
type Holder = { [KEY]?: EmbeddedApi | null };

export function registerEmbeddedApi(api: EmbeddedApi | null): void {
  (globalThis as Holder)[KEY] = api;
}

export function embeddedApi(): EmbeddedApi | null {
  return (globalThis as Holder)[KEY] ?? null;
}
