/** A dark code sample; long lines wrap instead of scrolling, so nothing hides off-screen. */
export function CodeBlock({ code, label }: { code: string; label: string }) {
  return (
    <figure className="palette-light overflow-hidden rounded-xl bg-slate-900 shadow-sm ring-1 ring-slate-900/10">
      <figcaption className="flex items-center justify-between border-b border-white/10 px-4 py-2 text-xs font-medium text-slate-300">
        <span>{label}</span>
        <span aria-hidden="true" className="flex gap-1.5">
          <span className="size-2 rounded-full bg-slate-600" />
          <span className="size-2 rounded-full bg-slate-600" />
          <span className="size-2 rounded-full bg-slate-600" />
        </span>
      </figcaption>
      <pre className="whitespace-pre-wrap px-4 py-3 font-mono text-xs leading-relaxed text-slate-100 wrap-anywhere sm:text-[12.5px]">
        <code>
          {code.split("\n").map((line, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines of a fixed sample never reorder
            <span key={i} className="block pl-[4ch] -indent-[4ch]">
              <Line line={line} />
            </span>
          ))}
        </code>
      </pre>
    </figure>
  );
}

/** Command and flags in colour, the rest as it is. */
function Line({ line }: { line: string }) {
  const m = line.match(/^(\s*)(curl|-[A-Za-z]|--[a-z-]+)(\s.*)?$/);
  if (!m) return <>{line}</>;
  return (
    <>
      {m[1]}
      <span className={m[2] === "curl" ? "text-emerald-300" : "text-sky-300"}>{m[2]}</span>
      {m[3]}
    </>
  );
}
