"use client";

import { comboKeys, useShortcutList } from "@/lib/portal/client/shortcuts";

/** Keys the palette itself answers to (its combobox's), listed after the registered ones. */
const PALETTE_KEYS: { keys: string[]; description: string }[] = [
  { keys: ["↑", "↓"], description: "Move through the results" },
  { keys: ["Enter"], description: "Open the highlighted result" },
  { keys: ["Esc"], description: "Close the palette" },
];

function Keys({ keys }: { keys: string[] }) {
  return (
    <span className="flex shrink-0 gap-1">
      {keys.map((k) => (
        <kbd
          key={k}
          className="min-w-6 rounded border border-slate-300 bg-white px-1.5 py-0.5 text-center font-sans text-xs font-medium text-slate-700 shadow-xs"
        >
          {k}
        </kbd>
      ))}
    </span>
  );
}

/** "Keyboard shortcuts": what the keys do on this page now, from the shortcut registry. */
export function ShortcutHelp({ apple, id }: { apple: boolean; id: string }) {
  const live = useShortcutList();
  const rows = [
    ...live.map((s) => ({
      keys: comboKeys(s.combo, apple),
      description: s.allowInFields ? `${s.description} (also while typing)` : s.description,
    })),
    ...PALETTE_KEYS,
  ];
  return (
    <section aria-labelledby={id} className="border-t border-slate-100 px-4 py-3">
      <h2 id={id} className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
        Keyboard shortcuts
      </h2>
      <dl className="mt-2 grid gap-1.5 text-sm">
        {rows.map((r) => (
          <div key={`${r.keys.join("+")}:${r.description}`} className="flex items-center gap-3">
            <dt className="w-24 shrink-0">
              <Keys keys={r.keys} />
            </dt>
            <dd className="text-slate-700">{r.description}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
