import "server-only";
import { loadDemoCredentials } from "@/lib/demo-keys";
import { upstreamFor } from "@/lib/portal/server/upstream-base";
import { isRole, type Role } from "@/lib/schemas/permissions";

/** One of the demo company's people as the chooser shows them: never their password. */
export type DemoPerson = { email: string; name: string; role: Role; title: string | null };

type StoredPerson = DemoPerson & { password: string };

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** The demo's stored credentials, only where the demo lives (the embedded API's test company). */
function demoCredentials() {
  return upstreamFor("test").embedded ? loadDemoCredentials() : null;
}

/**
 * The demo team as the seed wrote it beside the key pairs (data/demo-keys.json `people`). Read
 * leniently: a file written before the demo had a team has none, and the chooser then offers
 * only the key pair.
 */
function storedPeople(): StoredPerson[] {
  const creds: unknown = demoCredentials();
  const people = isObject(creds) && Array.isArray(creds.people) ? creds.people : [];
  return people.flatMap((p): StoredPerson[] => {
    if (!isObject(p) || typeof p.email !== "string" || typeof p.password !== "string") return [];
    if (!isRole(p.role)) return [];
    // The seed writes `name` (lib/demo-keys.ts); first and last names are read too.
    const name =
      typeof p.name === "string"
        ? p.name
        : [p.first_name, p.last_name].filter((s) => typeof s === "string").join(" ");
    return [
      {
        email: p.email,
        password: p.password,
        name: name || p.email,
        role: p.role,
        title: typeof p.title === "string" ? p.title : null,
      },
    ];
  });
}

/** Who the presenter may be: the demo's people, without their passwords. */
export function demoPeople(): DemoPerson[] {
  return storedPeople().map(({ password: _, ...person }) => person);
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
  const person = storedPeople().find((p) => p.email.toLowerCase() === as.trim().toLowerCase());
  return person ? { kind: "person", email: person.email, password: person.password } : null;
}
