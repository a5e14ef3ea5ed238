import Link from "next/link";
import type { ReactNode } from "react";
import { Button, buttonClass } from "@/components/ui/button";

function EmptyCard({
  icon,
  title,
  children,
  action,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center px-6 py-14 text-center sm:py-16">
      <span
        aria-hidden="true"
        className="grid size-12 place-items-center rounded-full bg-slate-100 text-slate-500"
      >
        {icon}
      </span>
      <h2 className="mt-4 text-base font-semibold text-slate-900">{title}</h2>
      <div className="mt-1 max-w-sm text-sm text-slate-600">{children}</div>
      {action && <div className="mt-6">{action}</div>}
    </div>
  );
}

const peopleIcon = (
  <svg
    aria-hidden="true"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.5"
    className="size-6"
  >
    <path
      strokeLinecap="round"
      strokeLinejoin="round"
      d="M15 19.128a9.38 9.38 0 0 0 2.625.372 9.337 9.337 0 0 0 4.121-.952 4.125 4.125 0 0 0-7.533-2.493M15 19.128v-.003c0-1.113-.285-2.16-.786-3.07M15 19.128v.106A12.318 12.318 0 0 1 8.624 21c-2.331 0-4.512-.645-6.374-1.766l-.001-.109a6.375 6.375 0 0 1 11.964-3.07M12 6.375a3.375 3.375 0 1 1-6.75 0 3.375 3.375 0 0 1 6.75 0Zm8.25 2.25a2.625 2.625 0 1 1-5.25 0 2.625 2.625 0 0 1 5.25 0Z"
    />
  </svg>
);

const searchIcon = (
  <svg
    aria-hidden="true"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.5"
    className="size-6"
  >
    <path
      strokeLinecap="round"
      strokeLinejoin="round"
      d="m21 21-5.197-5.197m0 0A7.5 7.5 0 1 0 5.196 5.196a7.5 7.5 0 0 0 10.607 10.607Z"
    />
  </svg>
);

/** The company has no workers at all yet. */
export function NoWorkersYet({ canInvite }: { canInvite: boolean }) {
  return (
    <EmptyCard
      icon={peopleIcon}
      title="No workers yet"
      action={
        canInvite && (
          <Link href="/workers/new" className={buttonClass("primary")}>
            Invite your first worker
          </Link>
        )
      }
    >
      {canInvite
        ? "Invite the people you work with: they get an e-mail to join your pool, and show up here."
        : "Workers appear here as they join the pool."}
    </EmptyCard>
  );
}

/** Filters are on and nothing matches them. */
export function NoMatch({ onClear }: { onClear: () => void }) {
  return (
    <EmptyCard
      icon={searchIcon}
      title="No workers match"
      action={
        <Button variant="secondary" onClick={onClear}>
          Clear filters
        </Button>
      }
    >
      Nobody matches this search and these filters. Check the spelling, or clear the filters to see
      everyone.
    </EmptyCard>
  );
}

/** A page past the end (an old link, or workers removed since). */
export function PastTheEnd({ onFirst }: { onFirst: () => void }) {
  return (
    <EmptyCard
      icon={searchIcon}
      title="Nothing on this page"
      action={
        <Button variant="secondary" onClick={onFirst}>
          Go to the first page
        </Button>
      }
    >
      This page is past the end of the list.
    </EmptyCard>
  );
}
