import type { ReactNode } from "react";

const ICONS = {
  lock: "M10 1a4.5 4.5 0 0 0-4.5 4.5V9H5a2 2 0 0 0-2 2v6a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-6a2 2 0 0 0-2-2h-.5V5.5A4.5 4.5 0 0 0 10 1Zm3 8V5.5a3 3 0 1 0-6 0V9h6Z",
  info: "M18 10a8 8 0 1 1-16 0 8 8 0 0 1 16 0Zm-7-4a1 1 0 1 1-2 0 1 1 0 0 1 2 0ZM9 9a.75.75 0 0 0 0 1.5h.253a.25.25 0 0 1 .244.304l-.459 2.066A1.75 1.75 0 0 0 10.747 15H11a.75.75 0 0 0 0-1.5h-.253a.25.25 0 0 1-.244-.304l.459-2.066A1.75 1.75 0 0 0 9.253 9H9Z",
} as const;

/**
 * Why a page cannot show what it is for (the keys cannot, the API does not offer it), and what
 * to do instead: a calm card, not an error.
 */
export function NoticeCard({
  icon = "info",
  title,
  children,
  action,
}: {
  icon?: keyof typeof ICONS;
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="flex gap-4 rounded-xl bg-white px-5 py-5 shadow-sm ring-1 ring-slate-200 sm:px-6">
      <span
        aria-hidden="true"
        className="grid size-10 shrink-0 place-items-center rounded-full bg-slate-100 text-slate-500"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-5">
          <path fillRule="evenodd" d={ICONS[icon]} clipRule="evenodd" />
        </svg>
      </span>
      <div className="min-w-0 flex-1">
        <h2 className="text-base font-semibold text-slate-900">{title}</h2>
        <div className="mt-1 space-y-2 text-sm text-slate-600">{children}</div>
        {action && <div className="mt-4">{action}</div>}
      </div>
    </div>
  );
}
