// negotiator 1.x ships no types, and @types/negotiator (0.6) predates the `preferred` option
// that breaks a client's ties in the server's order. Only what ./static-assets.ts uses.
declare module "negotiator" {
  export default class Negotiator {
    constructor(request: { headers: Record<string, string | string[] | undefined> });
    /** The best of `available` for the request's Accept-Encoding, or undefined for none. */
    encoding(available: string[], options?: { preferred?: string[] }): string | undefined;
  }
}
