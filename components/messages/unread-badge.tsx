/**
 * "2 unread": messages from workers nobody at the company has read yet. Nothing when there are
 * none. The words are the accessible name too; `label` adds what they are about for a reader
 * that hears the badge apart from its row.
 */
export function UnreadBadge({
  count,
  label,
  className = "",
}: {
  count: number | undefined;
  label?: string;
  className?: string;
}) {
  if (!count || count <= 0) return null;
  return (
    <span
      className={`inline-flex shrink-0 items-center gap-1 rounded-full bg-indigo-600 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-white tabular-nums ${className}`}
    >
      <svg aria-hidden="true" viewBox="0 0 16 16" fill="currentColor" className="size-3">
        <path d="M1 8.74c0 .983.713 1.825 1.69 1.943.764.092 1.534.164 2.31.216v2.351a.75.75 0 0 0 1.28.53l2.51-2.51c.182-.181.427-.286.684-.294a44.2 44.2 0 0 0 3.837-.293C14.287 10.565 15 9.723 15 8.74V4.26c0-.983-.713-1.825-1.69-1.943a44.447 44.447 0 0 0-10.62 0C1.712 2.435 1 3.277 1 4.26v4.482Z" />
      </svg>
      {count.toLocaleString("en-US")} unread
      {label && <span className="sr-only"> {label}</span>}
    </span>
  );
}
