"use client";

import { useEffect, useRef } from "react";
import type { WorkerSection } from "./editor-sections";
import { useActiveSection } from "./use-active-section";

/**
 * "On this page": the worker page's sections as links, the one in view marked with
 * aria-current. Beside the form on wide screens (sticky, a vertical list); on phones a sticky
 * bar of chips under the page header that scrolls sideways and keeps the current one in sight.
 * One element for both, so there is one navigation landmark, not two.
 */
export function SectionNav({
  sections,
  className = "",
}: {
  sections: readonly WorkerSection[];
  className?: string;
}) {
  const { active, jumpTo } = useActiveSection(sections.map((s) => s.id));
  const listRef = useRef<HTMLUListElement>(null);

  // On phones the chips overflow sideways: bring the current one into view.
  useEffect(() => {
    const list = listRef.current;
    const link = active ? list?.querySelector<HTMLElement>(`a[href="#${active}"]`) : null;
    if (!list || !link || list.scrollWidth <= list.clientWidth) return;
    const left = link.offsetLeft - list.offsetLeft;
    if (left < list.scrollLeft || left + link.offsetWidth > list.scrollLeft + list.clientWidth) {
      list.scrollTo({ left: Math.max(0, left - 16) });
    }
  }, [active]);

  return (
    <nav
      aria-label="Sections of this worker"
      className={`sticky top-0 z-10 -mx-4 border-b border-slate-200 bg-slate-50/95 py-2 backdrop-blur sm:-mx-6 lg:top-6 lg:mx-0 lg:self-start lg:border-0 lg:bg-transparent lg:py-0 lg:backdrop-blur-none ${className}`}
    >
      <p
        aria-hidden="true"
        className="hidden px-3 pb-2 text-xs font-semibold text-slate-500 lg:block"
      >
        On this page
      </p>
      <ul
        ref={listRef}
        className="flex gap-2 overflow-x-auto px-4 [scrollbar-width:none] sm:px-6 lg:flex-col lg:gap-0.5 lg:overflow-visible lg:px-0"
      >
        {sections.map((s) => {
          const current = s.id === active;
          return (
            <li key={s.id} className="shrink-0">
              <a
                href={`#${s.id}`}
                aria-current={current ? "location" : undefined}
                onClick={(e) => {
                  if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
                  e.preventDefault();
                  jumpTo(s.id);
                }}
                className={`block rounded-full px-3 py-1.5 text-sm whitespace-nowrap ring-1 ring-inset focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 lg:rounded-md lg:ring-0 ${
                  current
                    ? "bg-indigo-600 font-medium text-white ring-indigo-600 lg:bg-indigo-50 lg:text-indigo-800"
                    : "bg-white text-slate-700 ring-slate-300 hover:bg-slate-100 lg:bg-transparent lg:text-slate-600 lg:hover:text-slate-900"
                }`}
              >
                {s.title}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
