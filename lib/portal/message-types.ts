/**
 * Messages as the pages read them (docs/messages.md): the reference's fields, then ours
 * (`job_request_id`, the named `sender` and `receiver`), which the real service may leave out.
 */

export type MessageParty = {
  id: number;
  /** "Employer" or "Worker". */
  type?: string | null;
  first_name?: string | null;
  last_name?: string | null;
};

export type Message = {
  id: number;
  job_id: number;
  sender_id: number;
  receiver_id: number;
  body: string;
  image_url?: string | null;
  read_at: string | null;
  created_at: string;
  updated_at?: string;
  /** Ours. */
  job_request_id?: number | null;
  sender?: MessageParty | null;
  receiver?: MessageParty | null;
};

/** GET /messages/unread (ours): unread messages from workers, by job and by job request. */
export type UnreadCounts = {
  total: number;
  jobs: Record<string, number>;
  job_requests: Record<string, number>;
};

/** A job request's requestor: who a key pair's session writes as, unless it chooses another. */
export type Requestor = { id: number; name: string | null };

/** The longest message body the API keeps (docs/messages.md). */
export const MESSAGE_BODY_MAX = 2_000;

/**
 * How a page learns of new messages: our API pushes them (Server-Sent Events through the
 * portal); the real service has no push, so the conversation asks it again every 10 seconds.
 */
export type MessagesLive = "stream" | "poll";

/**
 * What a session may do with messages, decided on the server from the permissions table. A
 * session that may not read them (public-pool keys) gets none.
 */
export type MessagingAccess = {
  /** Write to the worker (admins and requestors). */
  write: boolean;
  live: MessagesLive;
  /** The person signed in (they send as themselves); null for a key pair's session. */
  me: { id: number; name: string } | null;
};
