import type { Action } from "@/lib/schemas/permissions";

/** Where the command palette can jump: every page of the portal's nav and its main actions. */
export type PalettePage = {
  href: string;
  label: string;
  keywords: string;
  /** Offered only to those who hold it (the page refuses everyone else). */
  needs?: Action;
};

export const PALETTE_PAGES: readonly PalettePage[] = [
  { href: "/home", label: "Home", keywords: "dashboard today overview start" },
  { href: "/calendar", label: "Calendar", keywords: "schedule week month shifts dates" },
  { href: "/workers", label: "Workers", keywords: "people list search" },
  { href: "/workers/new", label: "Invite worker", keywords: "new add create invitation" },
  { href: "/workers/import", label: "Import", keywords: "csv upload spreadsheet bulk workers" },
  { href: "/badges", label: "Badges", keywords: "skills certificates" },
  { href: "/jobs", label: "Jobs", keywords: "job requests shifts" },
  { href: "/jobs/new", label: "Post a job", keywords: "new create job request shift" },
  { href: "/outbox", label: "Outbox", keywords: "mail e-mail invitations sent" },
  { href: "/webhooks", label: "Webhooks", keywords: "events deliveries" },
  {
    href: "/team",
    label: "Team",
    keywords: "teammates people users roles admin invite colleague",
    needs: "team.write",
  },
  {
    href: "/company",
    label: "Company",
    keywords: "customer contact billing invoice address terms fee",
    needs: "customers.write",
  },
  { href: "/docs", label: "API docs", keywords: "reference openapi documentation" },
];

/** Lower case, accents off: "Invité" is found by "invite". */
export function fold(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/**
 * The pages whose name or keywords hold every word typed, names starting with the query
 * first ("jo" lists Jobs before Post a job). An empty query lists them all, in nav order.
 */
export function matchPages(
  query: string,
  holds: (action: Action) => boolean = () => false,
): PalettePage[] {
  const offered = PALETTE_PAGES.filter((p) => !p.needs || holds(p.needs));
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return offered;
  const found = offered.filter((p) => {
    const text = fold(`${p.label} ${p.keywords}`);
    return words.every((w) => text.includes(w));
  });
  const q = words.join(" ");
  return found.sort(
    (a, b) => Number(fold(b.label).startsWith(q)) - Number(fold(a.label).startsWith(q)),
  );
}
