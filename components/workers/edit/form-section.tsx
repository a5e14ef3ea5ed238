import { type ReactNode, useId } from "react";

/**
 * One group of the worker form: heading and a line of context on the left (above on narrow
 * screens), the fields in a white card on the right. Keeps reading order = visual order.
 */
export function FormSection({
  id,
  title,
  description,
  children,
}: {
  /** The section's anchor (`#badges`): the in-page navigation and links land here. */
  id?: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={`grid gap-x-8 gap-y-3 border-t border-slate-200 pt-8 first:border-t-0 first:pt-0 lg:grid-cols-3 ${SECTION_SCROLL_MARGIN}`}
    >
      <div>
        <h2 id={headingId} className="text-base font-semibold text-slate-900">
          {title}
        </h2>
        {description && <p className="mt-1 text-sm/6 text-slate-600">{description}</p>}
      </div>
      <div className="min-w-0 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6 lg:col-span-2">
        {children}
      </div>
    </section>
  );
}

/** Room above a section scrolled to, for the sticky section bar on phones. */
export const SECTION_SCROLL_MARGIN = "scroll-mt-16 lg:scroll-mt-6";

/** Two columns of fields from the small breakpoint up. */
export function FieldGrid({ children }: { children: ReactNode }) {
  return <div className="grid gap-x-4 gap-y-4 sm:grid-cols-2">{children}</div>;
}
