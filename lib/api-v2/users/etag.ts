import type { UserRow } from "./serialize-user";

/** Strong validator for If-Match: changes with every write of the user. */
export function etagOf(u: Pick<UserRow, "id" | "version">): string {
  return `"u${u.id}-v${u.version}"`;
}
