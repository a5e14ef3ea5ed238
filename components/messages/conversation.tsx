"use client";

import { useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";
import { LoadError } from "@/components/ui/load-error";
import { useMarkRead, useThread } from "@/lib/portal/client/hooks/use-messages";
import type { MessagingAccess, Requestor } from "@/lib/portal/message-types";
import { Composer } from "./composer";
import { MessageList } from "./message-list";
import { useVisible } from "./use-visible";
import { WorkerReply } from "./worker-reply";

/**
 * One job's conversation between its worker and the company: the messages, then the composer
 * (for those who may write) and, in the demo, the worker's side. Open and in front, it is read:
 * the worker's unread messages are marked read (ours), at once and as more arrive. Against the
 * real service it is asked again every 10 seconds, and says so.
 */
/** A hired worker's conversation: who it is with, and what the viewer may do in it. */
export type ConversationProps = {
  jobId: number;
  jobRequestId: number;
  workerId: number;
  workerName: string;
  messaging: MessagingAccess;
  /** This job's unread count (ours; 0 where unknown). */
  unread: number;
  requestor: Requestor | null;
  /** Offer the demo's "Reply as <worker>". */
  simulate: boolean;
};

export function Conversation({
  jobId,
  jobRequestId,
  workerId,
  workerName,
  messaging,
  unread,
  requestor,
  simulate,
}: ConversationProps) {
  const ours = messaging.live === "stream";
  const thread = useThread(jobId, { poll: !ours });
  const mark = useMarkRead(jobId, jobRequestId);
  const visible = useVisible();
  const messages = thread.messages;
  const unreadIds = messages
    .filter((m) => m.sender_id === workerId && m.read_at === null)
    .map((m) => m.id)
    .join(",");
  // Read is what was shown: the newest message on screen bounds the mark, so one that arrives
  // while it is on its way (or after the reader has left) stays unread. Nothing shown yet,
  // nothing marked; the thread's next answer brings the mark.
  const lastShown = messages.reduce((max, m) => Math.max(max, m.id), 0);
  // Marked once for each new state of what is shown unread, so a refusal is not asked again in
  // a loop; the count alone (the thread not yet read again) asks only past the last mark.
  const marked = useRef<string | null>(null);
  const markedUpTo = useRef(0);
  const state = `${unreadIds}|${lastShown}`;
  const { mutate, isPending } = mark;
  useEffect(() => {
    if (!ours || !visible || isPending || lastShown === 0) return;
    if (unreadIds === "" && (unread === 0 || lastShown <= markedUpTo.current)) return;
    if (marked.current === state) return;
    marked.current = state;
    markedUpTo.current = Math.max(markedUpTo.current, lastShown);
    mutate(lastShown);
  }, [ours, visible, isPending, unread, unreadIds, lastShown, state, mutate]);

  let body: React.ReactNode;
  if (thread.isPending) {
    body = (
      <div role="status" aria-label="Loading the messages" className="space-y-2">
        <div className="h-10 w-2/3 animate-pulse rounded-2xl bg-slate-200" />
        <div className="ml-auto h-10 w-1/2 animate-pulse rounded-2xl bg-slate-200/70" />
      </div>
    );
  } else if (thread.isError && messages.length === 0) {
    body = (
      <LoadError
        title="The messages could not be loaded"
        error={thread.error}
        retry={thread.refetch}
        retrying={thread.isFetching}
      />
    );
  } else if (messages.length === 0) {
    body = (
      <p className="rounded-lg bg-slate-50 px-3 py-4 text-center text-sm text-slate-600">
        No messages yet.
        {messaging.write &&
          ` Tell ${workerName} what they need to know: the gate code, parking, a change of time.`}
      </p>
    );
  } else {
    body = (
      <>
        {thread.hasNextPage && (
          <div className="flex justify-center">
            <Button
              variant="ghost"
              className="px-2 py-1 text-xs"
              busy={thread.isFetchingNextPage}
              onClick={() => thread.fetchNextPage()}
            >
              Show earlier messages
            </Button>
          </div>
        )}
        <MessageList
          messages={messages}
          workerId={workerId}
          workerName={workerName}
          meId={messaging.me?.id ?? null}
        />
      </>
    );
  }

  return (
    <div className="space-y-3">
      {body}
      {!ours && <p className="text-xs text-slate-500">Updates every 10 seconds</p>}
      {messaging.write ? (
        <Composer
          jobId={jobId}
          workerId={workerId}
          workerName={workerName}
          meId={messaging.me?.id ?? null}
          requestor={requestor}
        />
      ) : (
        <p className="text-xs text-slate-500">
          Your role can read this conversation but not write in it.
        </p>
      )}
      {simulate && <WorkerReply jobId={jobId} workerName={workerName} />}
    </div>
  );
}
