import { Fragment } from "react";
import "./reference.css";

/**
 * The little markup the OpenAPI descriptions use: `code` and **bold**. Anything else is text;
 * nothing is interpreted as HTML. Plain text stays a text node (no wrapper element: the reference
 * page holds thousands of these).
 */
export function RichText({ text }: { text: string }) {
  const parts = text.split(/(\*\*[^*]+\*\*|`[^`]+`)/g).filter(Boolean);
  let offset = 0;
  return (
    <>
      {parts.map((part) => {
        const key = `${offset}`;
        offset += part.length;
        if (part.startsWith("**") && part.endsWith("**")) {
          return (
            <strong key={key} className="font-semibold text-slate-900">
              {part.slice(2, -2)}
            </strong>
          );
        }
        if (part.startsWith("`") && part.endsWith("`") && part.length > 1) {
          const code = part.slice(1, -1);
          // Short values stay whole ("-updated_at" must not break after its "-").
          return (
            <code key={key} className={code.length <= 24 ? "ref-code" : "ref-code ref-long"}>
              {code}
            </code>
          );
        }
        return <Fragment key={key}>{part}</Fragment>;
      })}
    </>
  );
}
