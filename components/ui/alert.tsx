import type { ReactNode } from "react";

type Tone = "error" | "warning" | "info" | "success";

const tones: Record<Tone, string> = {
  error: "bg-red-50 text-red-900 ring-red-200",
  warning: "bg-amber-50 text-amber-950 ring-amber-200",
  info: "bg-sky-50 text-sky-950 ring-sky-200",
  success: "bg-emerald-50 text-emerald-950 ring-emerald-200",
};

/** A message that belongs to no single field. Errors are announced (role="alert"). */
export function Alert({
  tone = "info",
  title,
  children,
}: {
  tone?: Tone;
  title?: string;
  children?: ReactNode;
}) {
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={`rounded-lg px-4 py-3 text-sm ring-1 ring-inset ${tones[tone]}`}
    >
      {title && <p className="font-semibold">{title}</p>}
      {children && <div className={title ? "mt-1" : ""}>{children}</div>}
    </div>
  );
}
