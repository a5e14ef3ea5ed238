import "server-only";
import { loadDemoCredentials } from "@/lib/demo-keys";
import { upstreamFor } from "@/lib/portal/server/upstream-base";
import type { Role } from "@/lib/schemas/permissions";

/** One of the demo company's people as the chooser shows them: never their password. */
export type DemoPersonChoice = { email: string; name: string; role: Role; title: string | null };

/** The demo's stored credentials, only where the demo lives (the embedded API's test company). */
function demoCredentials() {
  return upstreamFor("test").embedded ? loadDemoCredentials() : null;
}

/**
 * Who the presenter may be: the demo team the seed wrote beside the key pairs, without their
 * passwords. A file written before the demo had a team has none, and the chooser then offers
 * only the key pair.
 */
export function demoPeople(): DemoPersonChoice[] {
  return (demoCredentials()?.people ?? []).map((p) => ({
    email: p.email,
    name: p.name,
    role: p.role,
    title: p.title || null,
  }));
}

/**
 * The credentials "Try the demo" signs in with, chosen by `as` (a person's e-mail, or "keys" or
 * nothing for the integration's private key pair). Read here, on the server: the browser never
 * sees a password or a secret key.
 */
export function demoSignInAs(
  as: string | undefined,
):
  | { kind: "keys"; api_key: string; secret_key: string }
  | { kind: "person"; email: string; password: string }
  | null {
  const creds = demoCredentials();
  if (!creds) return null;
  if (as === undefined || as === "keys") return { kind: "keys", ...creds.private };
  const wanted = as.trim().toLowerCase();
  const person = creds.people.find((p) => p.email.toLowerCase() === wanted);
  return person ? { kind: "person", email: person.email, password: person.password } : null;
}
