/**
 * The worker page's sections, in the order it shows them: the in-page navigation, the form and
 * the read-only details all take their ids and titles from here, so a link (`/workers/12#badges`)
 * lands on the same heading in either view. Badges come second: assigning them is what the
 * page is used for most.
 */
export const WORKER_SECTIONS = [
  { id: "identity", title: "Identity" },
  { id: "badges", title: "Badges" },
  { id: "contact", title: "Contact" },
  { id: "address", title: "Address" },
  { id: "location", title: "Location" },
  { id: "status", title: "Status" },
  { id: "onboarding", title: "Onboarding" },
  { id: "profile", title: "Profile" },
  { id: "jobs", title: "Jobs" },
  { id: "history", title: "History" },
] as const;

export type WorkerSectionId = (typeof WORKER_SECTIONS)[number]["id"];
export type WorkerSection = { id: string; title: string };

/** `{ id, title }` of one section, to spread onto its FormSection. */
export function workerSection(id: WorkerSectionId): WorkerSection {
  const found = WORKER_SECTIONS.find((s) => s.id === id);
  if (!found) throw new Error(`Unknown worker section ${id}`);
  return found;
}
