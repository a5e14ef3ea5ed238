import fs from "node:fs";
import path from "node:path";
import { env } from "@/lib/env";

type DemoCredentials = {
  company_id: number;
  private: { api_key: string; secret_key: string };
  public: { api_key: string; secret_key: string };
};

/**
 * The database keeps only hashes of secret keys, so the demo key pairs are written once, when
 * the demo is seeded, to a file in the data folder (mode 0600) that only this machine reads:
 * the start banner prints them and the portal's "Try the demo" uses them.
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
    return JSON.parse(fs.readFileSync(filePath(), "utf8")) as DemoCredentials;
  } catch {
    return null;
  }
}
