import "server-only";
import { env } from "@/lib/env";
import { localSecret } from "@/lib/local-secret";

/** SESSION_SECRET when set; otherwise one generated once and kept in the data folder. */
export function sessionSecret(): string {
  return localSecret("session-secret", env().SESSION_SECRET);
}
