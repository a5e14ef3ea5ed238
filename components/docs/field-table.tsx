import type { FieldView, ParamView } from "@/lib/docs/reference-view";
import { AdditionPill } from "./method-badge";
import "./reference.css";
import { RichText } from "./rich-text";

type Row = FieldView & { in?: string };

/**
 * Parameters or fields as a table. On phones the In/Type/Required columns fold into the name
 * cell, so the table keeps two readable columns instead of scrolling sideways. The reference
 * page holds about 1,200 of these rows: no element is there that the text does not need (only
 * the phone's folded type and presence lines have one each), and their styles are classes named
 * once in reference.css, not utilities written out on every row.
 */
export function FieldTable({
  rows,
  caption,
  kind,
}: {
  rows: (FieldView | ParamView)[];
  caption: string;
  /** params: with an "In" column; body: Required/Optional; object: always present or not. */
  kind: "params" | "body" | "object";
}) {
  const presence = (r: Row) =>
    kind === "object" ? (r.required ? "Always" : "Optional") : r.required ? "Required" : "Optional";
  return (
    <div className="overflow-hidden rounded-lg border border-slate-200">
      <table className="ref-fields w-full border-collapse text-left sm:table-fixed text-sm [&_td]:px-3 [&_td]:py-2.5 [&_td]:align-baseline [&_th]:px-3">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase [&_th]:py-2 [&_th]:whitespace-nowrap">
          <tr>
            <th scope="col" className="w-[42%] sm:w-[26%]">
              {kind === "params" ? "Name" : "Field"}
            </th>
            {kind === "params" && (
              <th scope="col" className="w-[9%] max-sm:hidden">
                In
              </th>
            )}
            <th scope="col" className="w-[18%] max-sm:hidden">
              Type
            </th>
            <th scope="col" className="w-[11%] max-sm:hidden">
              {kind === "object" ? "Present" : "Required"}
            </th>
            <th scope="col">{kind === "params" ? "Description" : "Notes"}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {(rows as Row[]).map((r) => (
            <tr key={`${r.in ?? ""}:${r.name}`}>
              <th scope="row">
                <code className="ref-name">{r.name}</code>
                <span className="ref-phone-type">
                  {r.type}
                  {r.in && ` · ${r.in}`}
                </span>
                <span
                  className={`ref-phone-presence ${presenceTone(r.required, kind === "object")}`}
                >
                  {presence(r)}
                </span>
                {r.addition && (
                  <span className="mt-1 block">
                    <AdditionPill />
                  </span>
                )}
              </th>
              {kind === "params" && <td className="ref-in">{r.in}</td>}
              <td className="ref-type">{r.type}</td>
              <td className={`ref-presence ${presenceTone(r.required, kind === "object")}`}>
                {presence(r)}
              </td>
              <td className="ref-notes">
                <Notes notes={r.notes} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** How "Required", "Optional" or "Always" reads, in the phone's cell and the desktop's. */
function presenceTone(required: boolean, quiet: boolean): string {
  if (quiet) return "ref-always";
  return required ? "ref-required" : "ref-optional";
}

function Notes({ notes }: { notes: string[] }) {
  const [first, ...rest] = notes;
  if (first === undefined) {
    return (
      <span className="text-slate-500">
        <span aria-hidden="true">—</span>
        <span className="sr-only">No notes</span>
      </span>
    );
  }
  return (
    <>
      <RichText text={first} />
      {rest.length > 0 && (
        <span className="ref-more">
          <RichText text={rest.join(" ")} />
        </span>
      )}
    </>
  );
}
