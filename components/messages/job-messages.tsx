"use client";

import { useId, useState } from "react";
import { Conversation, type ConversationProps } from "./conversation";
import { UnreadBadge } from "./unread-badge";

/**
 * A hired worker's conversation on the job page, behind a disclosure that carries its unread
 * count: opening it reads the conversation (the count goes).
 */
export function JobMessages(props: ConversationProps) {
  const { workerName, unread } = props;
  const [open, setOpen] = useState(false);
  const panel = useId();
  return (
    <div>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panel}
        onClick={() => setOpen((o) => !o)}
        className="inline-flex items-center gap-2 rounded-md px-1 py-0.5 text-sm font-medium text-indigo-700 hover:text-indigo-900 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          fill="currentColor"
          className={`size-4 transition-transform ${open ? "rotate-90" : ""}`}
        >
          <path
            fillRule="evenodd"
            d="M8.22 5.22a.75.75 0 0 1 1.06 0l4.25 4.25a.75.75 0 0 1 0 1.06l-4.25 4.25a.75.75 0 0 1-1.06-1.06L11.94 10 8.22 6.28a.75.75 0 0 1 0-1.06Z"
            clipRule="evenodd"
          />
        </svg>
        Messages<span className="sr-only"> with {workerName}</span>
        <UnreadBadge count={unread} />
      </button>
      {open && (
        <div id={panel} className="mt-2">
          <Conversation {...props} />
        </div>
      )}
    </div>
  );
}
