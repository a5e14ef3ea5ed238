"use client";

import { useMemo, useRef, useState } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { LazyBadgeSearch, type PickedBadge } from "@/components/badges/badge-picker";
import { fieldMessage, type PostJobFormValues } from "./post-job-model";

/**
 * The badges a worker must hold to be offered the job: chips to remove, and the same badge
 * search as the worker editor, where a badge already required is listed but cannot be picked.
 */
export function BadgeRequirements() {
  const {
    control,
    setValue,
    formState: { errors, isSubmitted },
  } = useFormContext<PostJobFormValues>();
  const badges = useWatch({ control, name: "badges" });
  const [announcement, setAnnouncement] = useState("");
  const inputRef = useRef<HTMLInputElement>(null);
  const taken = useMemo(() => new Set(badges.map((b) => b.id)), [badges]);

  const update = (next: PickedBadge[]) =>
    setValue("badges", next, { shouldDirty: true, shouldValidate: isSubmitted });
  const pick = (badge: PickedBadge) => {
    if (taken.has(badge.id)) return;
    update([...badges, badge]);
    setAnnouncement(`${badge.name} is required.`);
  };
  const remove = (badge: PickedBadge) => {
    update(badges.filter((b) => b.id !== badge.id));
    setAnnouncement(`${badge.name} is no longer required.`);
    // The chip and its button are gone: the search box is the next place to be.
    requestAnimationFrame(() => inputRef.current?.focus());
  };

  // The API names badges by id ("badge 4 does not exist"); the chips know their names.
  const error = fieldMessage("badges", errors.badges?.message)?.replace(
    /\bbadge (\d+)/g,
    (text, id: string) => {
      const name = badges.find((b) => b.id === id)?.name;
      return name ? `${name} (badge ${id})` : text;
    },
  );

  return (
    <div>
      <h3 className="text-sm font-semibold text-slate-900">Required badges</h3>
      <p className="mt-0.5 text-sm text-slate-600">
        Only workers holding every badge here are offered the job.
      </p>
      {badges.length === 0 ? (
        <p className="mt-3 text-sm text-slate-500">None — any worker in your pool can apply.</p>
      ) : (
        <ul aria-label="Required badges" className="mt-3 flex flex-wrap gap-2">
          {badges.map((b) => (
            <li
              key={b.id}
              className="inline-flex items-center gap-1 rounded-full bg-indigo-50 py-1 pr-1 pl-3 text-sm font-medium text-indigo-900 ring-1 ring-indigo-200 ring-inset"
            >
              <svg
                aria-hidden="true"
                viewBox="0 0 20 20"
                fill="currentColor"
                className="-ml-1 size-4 text-indigo-500"
              >
                <path
                  fillRule="evenodd"
                  d="M16.403 12.652a3 3 0 0 0 0-5.304 3 3 0 0 0-3.75-3.751 3 3 0 0 0-5.305 0 3 3 0 0 0-3.751 3.75 3 3 0 0 0 0 5.305 3 3 0 0 0 3.75 3.751 3 3 0 0 0 5.305 0 3 3 0 0 0 3.751-3.75Zm-2.546-4.46a.75.75 0 0 0-1.214-.883l-3.483 4.79-1.88-1.88a.75.75 0 1 0-1.06 1.061l2.5 2.5a.75.75 0 0 0 1.137-.089l4-5.5Z"
                  clipRule="evenodd"
                />
              </svg>
              <span>{b.name}</span>
              <button
                type="button"
                aria-label={`Remove ${b.name}`}
                onClick={() => remove(b)}
                className="grid size-6 place-items-center rounded-full opacity-70 hover:bg-black/5 hover:opacity-100 focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
              >
                <svg
                  aria-hidden="true"
                  viewBox="0 0 16 16"
                  fill="currentColor"
                  className="size-3.5"
                >
                  <path d="M5.28 4.22a.75.75 0 0 0-1.06 1.06L6.94 8l-2.72 2.72a.75.75 0 1 0 1.06 1.06L8 9.06l2.72 2.72a.75.75 0 1 0 1.06-1.06L9.06 8l2.72-2.72a.75.75 0 0 0-1.06-1.06L8 6.94 5.28 4.22Z" />
                </svg>
              </button>
            </li>
          ))}
        </ul>
      )}
      <LazyBadgeSearch taken={taken} onPick={pick} error={error} inputRef={inputRef} />
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}
