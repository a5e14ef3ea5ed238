import fs from "node:fs";
import path from "node:path";
import { env } from "@/lib/env";
import type { Role } from "@/lib/schemas/permissions";

/** A teammate of the demo company and the password they sign in with (our addition). */
export type DemoPerson = {
  email: string;
  password: string;
  role: Role;
  name: string;
  title: string;
};

export type DemoCredentials = {
  company_id: number;
  private: { api_key: string; secret_key: string };
  public: { api_key: string; secret_key: string };
  /** The demo team: an admin, two requestors, a read-only viewer. Empty in files from before people. */
  people: DemoPerson[];
};

/**
 * The database keeps only hashes of secret keys and passwords, so the demo key pairs and the
 * team's passwords are written once, when the demo is seeded, to a file in the data folder
 * (mode 0600) that only this machine reads: the start banner prints them to a terminal and the
 * portal's "Try the demo" uses them. They are never logged.
 */
function filePath(): string {
  return path.resolve(env().DATA_DIR, "demo-keys.json");
}

/** Where the demo key pairs are kept (named by the start banner). */
export const demoCredentialsPath = filePath;

export function saveDemoCredentials(keys: DemoCredentials): void {
  fs.mkdirSync(path.dirname(filePath()), { recursive: true });
  fs.writeFileSync(filePath(), `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
}

export function loadDemoCredentials(): DemoCredentials | null {
  try {
    const saved = JSON.parse(fs.readFileSync(filePath(), "utf8")) as Omit<
      DemoCredentials,
      "people"
    > & { people?: DemoPerson[] };
    return { ...saved, people: Array.isArray(saved.people) ? saved.people : [] };
  } catch {
    return null;
  }
}
