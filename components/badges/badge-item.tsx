"use client";

import dynamic from "next/dynamic";
import Link from "next/link";
import { useEffect, useRef } from "react";
import type { Badge } from "@/lib/portal/types";

/** Shown only when a badge is being renamed: its form (and zod) load then, not with the page. */
const RenameBadgeForm = dynamic(
  () => import("./rename-badge-form").then((m) => m.RenameBadgeForm),
  {
    ssr: false,
  },
);

/** Only http(s) links are ever rendered: the real service's data is not ours to trust. */
const safeUrl = (url: string | null) => (url && /^https?:\/\/\S+$/i.test(url) ? url : null);

const ACTION =
  "rounded-md px-2.5 py-1 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600";

const workers = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "worker" : "workers"}`;

/**
 * One badge of the list: its name (or the form renaming it), description, how many workers hold
 * it (our API says; the real service does not, and then nothing is shown) linked to the worker
 * list filtered by it, and (private pool, our API) Edit and Delete.
 */
export function BadgeItem({
  badge,
  isNew,
  manageable,
  editing,
  onEdit,
  onEditDone,
  onDelete,
}: {
  badge: Badge;
  isNew: boolean;
  manageable: boolean;
  editing: boolean;
  onEdit: () => void;
  onEditDone: (newName?: string) => void;
  onDelete: () => void;
}) {
  const info = safeUrl(badge.info_url);
  const editButton = useRef<HTMLButtonElement>(null);
  // Focus goes back to Edit once the form has closed: after the commit that renders the button
  // again (a frame callback could run before React had rendered it, and then focus nothing).
  const refocus = useRef(false);
  useEffect(() => {
    if (!editing && refocus.current) {
      refocus.current = false;
      editButton.current?.focus();
    }
  }, [editing]);
  const count = typeof badge.workers_count === "number" ? badge.workers_count : null;
  return (
    <li className={`flex gap-4 px-4 py-4 sm:px-5 ${isNew ? "bg-emerald-50/60" : ""}`}>
      <BadgeIcon soft={badge.is_soft} />
      <div className="min-w-0 flex-1">
        {editing ? (
          <RenameBadgeForm
            badge={badge}
            onDone={(newName) => {
              refocus.current = true;
              onEditDone(newName);
            }}
          />
        ) : (
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <h3 className="font-semibold break-words text-slate-900">{badge.name}</h3>
            {badge.is_soft && (
              <span className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-800 ring-1 ring-amber-600/20 ring-inset">
                Soft skill
              </span>
            )}
            {isNew && (
              <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-800">
                New
              </span>
            )}
          </div>
        )}
        {badge.description && (
          <p className="mt-1 text-sm break-words text-slate-600">{badge.description}</p>
        )}
        <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm empty:hidden">
          {count !== null &&
            (count > 0 ? (
              <Link
                href={`/workers?badge=${badge.id}`}
                className="inline-flex items-center gap-1.5 rounded-sm font-medium text-indigo-600 hover:text-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
              >
                <PeopleIcon />
                {workers(count)}
                <span className="sr-only"> hold {badge.name}: show them</span>
              </Link>
            ) : (
              <span className="inline-flex items-center gap-1.5 text-slate-500">
                <PeopleIcon />
                No workers yet
              </span>
            ))}
          {info && (
            <a
              href={info}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 rounded-sm font-medium text-indigo-600 hover:text-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
            >
              More info
              <span className="sr-only"> about {badge.name} (opens in a new tab)</span>
              <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-3.5">
                <path
                  fillRule="evenodd"
                  d="M4.25 5.5a.75.75 0 0 0-.75.75v8.5c0 .414.336.75.75.75h8.5a.75.75 0 0 0 .75-.75v-4a.75.75 0 0 1 1.5 0v4A2.25 2.25 0 0 1 12.75 17h-8.5A2.25 2.25 0 0 1 2 14.75v-8.5A2.25 2.25 0 0 1 4.25 4h5a.75.75 0 0 1 0 1.5h-5Zm7.25-.75a.75.75 0 0 1 .75-.75h3.5a.75.75 0 0 1 .75.75v3.5a.75.75 0 0 1-1.5 0V6.56l-5.22 5.22a.75.75 0 1 1-1.06-1.06l5.22-5.22h-1.69a.75.75 0 0 1-.75-.75Z"
                  clipRule="evenodd"
                />
              </svg>
            </a>
          )}
          {manageable && !editing && (
            <div className="ml-auto flex gap-1">
              <button
                type="button"
                ref={editButton}
                className={`${ACTION} text-slate-700 hover:bg-slate-100`}
                onClick={onEdit}
              >
                Edit<span className="sr-only"> {badge.name}</span>
              </button>
              <button
                type="button"
                className={`${ACTION} text-slate-700 hover:bg-red-50 hover:text-red-700`}
                onClick={onDelete}
              >
                Delete<span className="sr-only"> {badge.name}</span>
              </button>
            </div>
          )}
        </div>
      </div>
    </li>
  );
}

function PeopleIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4 shrink-0">
      <path d="M7 8a3 3 0 1 0 0-6 3 3 0 0 0 0 6ZM14.5 9a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5ZM1.615 16.428a1.224 1.224 0 0 1-.569-1.175 6.002 6.002 0 0 1 11.908 0c.058.467-.172.92-.57 1.174A9.953 9.953 0 0 1 7 18a9.953 9.953 0 0 1-5.385-1.572ZM14.5 16h-.106c.07-.297.088-.611.048-.933a7.47 7.47 0 0 0-1.588-3.755 4.502 4.502 0 0 1 5.874 2.636.818.818 0 0 1-.36.98A7.465 7.465 0 0 1 14.5 16Z" />
    </svg>
  );
}

function BadgeIcon({ soft }: { soft: boolean }) {
  return (
    <span
      aria-hidden="true"
      className={`grid size-10 shrink-0 place-items-center rounded-lg ${
        soft ? "bg-amber-50 text-amber-600" : "bg-indigo-50 text-indigo-600"
      }`}
    >
      {soft ? (
        <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-5">
          <path d="M15.98 1.804a1 1 0 0 0-1.96 0l-.24 1.192a1 1 0 0 1-.784.785l-1.192.238a1 1 0 0 0 0 1.962l1.192.238a1 1 0 0 1 .785.785l.238 1.192a1 1 0 0 0 1.962 0l.238-1.192a1 1 0 0 1 .785-.785l1.192-.238a1 1 0 0 0 0-1.962l-1.192-.238a1 1 0 0 1-.785-.785l-.238-1.192ZM6.949 5.684a1 1 0 0 0-1.898 0l-.683 2.051a1 1 0 0 1-.633.633l-2.051.683a1 1 0 0 0 0 1.898l2.051.684a1 1 0 0 1 .633.632l.683 2.051a1 1 0 0 0 1.898 0l.683-2.051a1 1 0 0 1 .633-.633l2.051-.683a1 1 0 0 0 0-1.898l-2.051-.683a1 1 0 0 1-.633-.633L6.95 5.684ZM13.949 13.684a1 1 0 0 0-1.898 0l-.184.551a1 1 0 0 1-.632.633l-.551.183a1 1 0 0 0 0 1.898l.551.183a1 1 0 0 1 .633.633l.183.551a1 1 0 0 0 1.898 0l.184-.551a1 1 0 0 1 .632-.633l.551-.183a1 1 0 0 0 0-1.898l-.551-.184a1 1 0 0 1-.633-.632l-.183-.551Z" />
        </svg>
      ) : (
        <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-5">
          <path
            fillRule="evenodd"
            d="M16.403 12.652a3 3 0 0 0 0-5.304 3 3 0 0 0-3.75-3.751 3 3 0 0 0-5.305 0 3 3 0 0 0-3.751 3.75 3 3 0 0 0 0 5.305 3 3 0 0 0 3.75 3.751 3 3 0 0 0 5.305 0 3 3 0 0 0 3.751-3.75Zm-2.546-4.46a.75.75 0 0 0-1.214-.883l-3.483 4.79-1.88-1.88a.75.75 0 1 0-1.06 1.061l2.5 2.5a.75.75 0 0 0 1.137-.089l4-5.5Z"
            clipRule="evenodd"
          />
        </svg>
      )}
    </span>
  );
}
