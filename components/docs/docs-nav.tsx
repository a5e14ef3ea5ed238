import type { TagView } from "@/lib/docs/reference-view";
import { MethodBadge } from "./method-badge";

const shortPath = (path: string) => path.replace(/^\/api_v2/, "") || "/";

/** Endpoints grouped by tag, plus the reference sections that follow them. */
export function DocsNav({ tags, idPrefix }: { tags: TagView[]; idPrefix: string }) {
  return (
    <div className="space-y-6 text-sm">
      <ul className="space-y-0.5">
        <NavLink href="#overview">Overview</NavLink>
      </ul>
      {tags.map((tag) => (
        <div key={tag.slug}>
          <p
            id={`${idPrefix}-${tag.slug}`}
            className="mb-1.5 px-2 text-xs font-semibold uppercase tracking-wider text-slate-600"
          >
            <a href={`#${tag.slug}`} className="hover:text-slate-900">
              {tag.name}
            </a>
          </p>
          <ul aria-labelledby={`${idPrefix}-${tag.slug}`} className="space-y-0.5">
            {tag.operations.map((op) => (
              <li key={op.id}>
                <a
                  href={`#${op.id}`}
                  className="flex items-center gap-2 rounded-md px-2 py-1.5 text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-sky-600"
                >
                  <MethodBadge method={op.method} size="sm" />
                  <span className="min-w-0 truncate font-mono text-[12.5px]" title={op.summary}>
                    {shortPath(op.path)}
                  </span>
                  <span className="sr-only">: {op.summary}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      ))}
      <div>
        <p className="mb-1.5 px-2 text-xs font-semibold uppercase tracking-wider text-slate-600">
          Reference
        </p>
        <ul className="space-y-0.5">
          <NavLink href="#objects">Objects</NavLink>
          <NavLink href="#errors">Errors</NavLink>
          <NavLink href="/api_v2/openapi.json">openapi.json</NavLink>
        </ul>
      </div>
    </div>
  );
}

function NavLink({ href, children }: { href: string; children: string }) {
  return (
    <li>
      <a
        href={href}
        className="block rounded-md px-2 py-1.5 font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-sky-600"
      >
        {children}
      </a>
    </li>
  );
}
