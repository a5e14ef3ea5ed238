"use client";

import { useEffect, useRef } from "react";
import { absoluteTime, relativeTime, useNow } from "@/components/ui/time-ago";
import type { Message } from "@/lib/portal/message-types";

/** "Dana Lee": the sender as the API names it (ours), else what the page knows. */
function senderName(m: Message, workerId: number, workerName: string, meId: number | null): string {
  if (meId !== null && m.sender_id === meId) return "You";
  const named = [m.sender?.first_name, m.sender?.last_name]
    .map((s) => s?.trim())
    .filter(Boolean)
    .join(" ");
  if (named) return named;
  return m.sender_id === workerId ? workerName : "Your team";
}

/**
 * The conversation, oldest first, the worker's messages on the left and the company's on the
 * right. A log (announced politely as messages arrive) that scrolls by itself to the newest,
 * unless the reader has scrolled up to read older ones.
 */
export function MessageList({
  messages,
  workerId,
  workerName,
  meId,
}: {
  messages: Message[];
  workerId: number;
  workerName: string;
  meId: number | null;
}) {
  const now = useNow(15_000);
  const box = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const last = messages.at(-1)?.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls when the newest message changes
  useEffect(() => {
    const el = box.current;
    if (el && atBottom.current) el.scrollTop = el.scrollHeight;
  }, [last]);
  return (
    <div
      ref={box}
      role="log"
      aria-label={`Messages with ${workerName}`}
      // A region that scrolls must be reachable by keyboard.
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable log, read with the arrow keys
      tabIndex={0}
      onScroll={(e) => {
        const el = e.currentTarget;
        atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 24;
      }}
      className="max-h-96 space-y-3 overflow-y-auto rounded-lg bg-slate-50 p-3 focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      {messages.map((m) => {
        const fromWorker = m.sender_id === workerId;
        const unread = fromWorker && m.read_at === null;
        return (
          <div key={m.id} className={`flex ${fromWorker ? "justify-start" : "justify-end"}`}>
            <div
              className={`max-w-[85%] rounded-2xl px-3 py-2 shadow-sm ${
                fromWorker
                  ? "rounded-bl-sm bg-white text-slate-900 ring-1 ring-slate-200"
                  : "rounded-br-sm bg-indigo-600 text-white"
              }`}
            >
              <p
                className={`flex flex-wrap items-baseline gap-x-2 text-xs ${fromWorker ? "text-slate-600" : "text-white"}`}
              >
                <span className="font-semibold">{senderName(m, workerId, workerName, meId)}</span>
                <time dateTime={m.created_at} title={absoluteTime(m.created_at)}>
                  {relativeTime(m.created_at, now)}
                </time>
                {unread && (
                  <span className="font-semibold text-indigo-700">
                    New<span className="sr-only"> (unread)</span>
                  </span>
                )}
              </p>
              <p className="mt-0.5 text-sm break-words whitespace-pre-wrap">{m.body}</p>
            </div>
          </div>
        );
      })}
    </div>
  );
}
