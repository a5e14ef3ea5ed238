export function EnvironmentBadge({ environment }: { environment: "test" | "live" }) {
  return environment === "live" ? (
    <span className="rounded-full bg-red-600 px-2.5 py-0.5 text-xs font-bold tracking-wide text-white">
      LIVE
    </span>
  ) : (
    <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold tracking-wide text-amber-900 ring-1 ring-amber-300 ring-inset">
      TEST
    </span>
  );
}
