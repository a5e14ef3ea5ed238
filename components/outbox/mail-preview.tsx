"use client";

import { Tab, TabGroup, TabList, TabPanel, TabPanels } from "@headlessui/react";
import { useEffect, useId, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { buttonClass } from "@/components/ui/button";
import { TimeAgo } from "@/components/ui/time-ago";
import type { OutboxMail } from "@/lib/portal/client/hooks/use-mails";
import { type LinkState, linkNote, sentByText } from "./link-note";
import { MailStatePill } from "./mail-list";

/** Only http(s) links are ever rendered as links. */
const safeUrl = (url: string | null) => (url && /^https?:\/\/\S+$/i.test(url) ? url : null);

/**
 * What the mail's HTML may do inside the preview: nothing but draw itself. No scripts (the
 * iframe's sandbox), no requests out (this policy), and links open in a new tab, outside the
 * sandbox, rather than inside the little frame.
 */
const FRAME_HEAD =
  `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">` +
  `<base target="_blank">`;

function framedDocument(html: string): string {
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (!head) return FRAME_HEAD + html;
  const end = head.index + head[0].length;
  return html.slice(0, end) + FRAME_HEAD + html.slice(end);
}

const tabClass =
  "rounded-md px-3 py-1.5 text-sm font-medium text-slate-600 outline-none hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-indigo-600 data-selected:bg-white data-selected:text-slate-900 data-selected:shadow-sm";

/** One e-mail: who it went to and how it fared, its accept link, and the message itself. */
export function MailPreview({ mail }: { mail: OutboxMail }) {
  const headingId = useId();
  const link = safeUrl(mail.link);
  return (
    <article aria-labelledby={headingId}>
      <header className="border-b border-slate-200 px-4 py-4 sm:px-6">
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
          <h2 id={headingId} className="min-w-0 text-lg font-semibold break-words text-slate-900">
            {mail.subject}
          </h2>
          <MailStatePill mail={mail} />
        </div>
        <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
          <dt className="text-slate-500">To</dt>
          <dd className="break-words text-slate-900">
            {mail.to_name && <span className="font-medium">{mail.to_name} </span>}
            <span className="text-slate-600">&lt;{mail.to}&gt;</span>
          </dd>
          {sentByText(mail) && (
            <>
              <dt className="text-slate-500">From</dt>
              <dd className="text-slate-700">{sentByText(mail)}</dd>
            </>
          )}
          <dt className="text-slate-500">Queued</dt>
          <dd className="text-slate-700">
            <TimeAgo iso={mail.created_at} withAbsolute />
          </dd>
          <dt className="text-slate-500">Delivery</dt>
          <dd className="text-slate-700">
            <DeliveryLine mail={mail} />
          </dd>
        </dl>
      </header>

      <div className="space-y-5 px-4 py-5 sm:px-6">
        {mail.state === "dead" && (
          <Alert tone="error" title="This e-mail could not be delivered">
            {mail.last_error ?? "The mail server refused it."} The worker has not received the link.
          </Alert>
        )}
        {mail.state === "pending" && mail.last_error && (
          <Alert tone="warning" title="Delivery is being retried">
            Last attempt: {mail.last_error}
          </Alert>
        )}

        {mail.body_available ? (
          <>
            {link ? (
              <AcceptLink
                link={link}
                expiresAt={mail.link_expires_at}
                state={mail.link_state ?? null}
              />
            ) : (
              <p className="rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-700">
                The invitation link is not shown here: it lets whoever opens it set the
                worker&apos;s password, so only the worker has it. (The demo company shows its
                links, so a demo can follow the worker&apos;s side.)
              </p>
            )}
            {!link && mail.link_state && mail.link_state !== "live" && (
              <p className="text-sm font-medium text-amber-900">
                {linkNote(mail.link_state, mail.link_expires_at)}
              </p>
            )}
            <MessageBody mail={mail} />
          </>
        ) : (
          <p className="rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-600 ring-1 ring-slate-200 ring-inset">
            The message is not shown here: e-mail goes out through a mail server, so the invitation
            link belongs to the worker&apos;s inbox alone.
          </p>
        )}
      </div>
    </article>
  );
}

function DeliveryLine({ mail }: { mail: OutboxMail }) {
  const tries = mail.attempts === 1 ? "1 attempt" : `${mail.attempts} attempts`;
  if (mail.state === "delivered") {
    const where =
      mail.transport === "database"
        ? "Kept in the demo outbox (no mail server is set up)"
        : mail.transport === "smtp"
          ? "Handed to the mail server"
          : "Sent";
    return (
      <>
        {where}
        {mail.delivered_at && (
          <>
            {" "}
            <TimeAgo iso={mail.delivered_at} className="text-slate-500" />
          </>
        )}
      </>
    );
  }
  if (mail.state === "dead") return <>Gave up after {tries}</>;
  return <>{mail.attempts > 0 ? `Waiting to retry (${tries} so far)` : "Waiting to be sent"}</>;
}

function AcceptLink({
  link,
  expiresAt,
  state,
}: {
  link: string;
  expiresAt: string | null;
  state: LinkState | null;
}) {
  const labelId = useId();
  const [copied, setCopied] = useState<"yes" | "failed" | null>(null);
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(null), 2_500);
    return () => clearTimeout(t);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied("yes");
    } catch {
      setCopied("failed");
    }
  };
  return (
    <section
      aria-labelledby={labelId}
      className="rounded-lg bg-indigo-50 p-4 ring-1 ring-indigo-200 ring-inset"
    >
      <h3 id={labelId} className="text-sm font-semibold text-indigo-950">
        Invitation link
      </h3>
      <p className="mt-1 font-mono text-xs break-all text-indigo-900">{link}</p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <a href={link} target="_blank" rel="noopener noreferrer" className={buttonClass("primary")}>
          Open accept page
          <span className="sr-only"> (opens in a new tab)</span>
          <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
            <path
              fillRule="evenodd"
              d="M4.25 5.5a.75.75 0 0 0-.75.75v8.5c0 .414.336.75.75.75h8.5a.75.75 0 0 0 .75-.75v-4a.75.75 0 0 1 1.5 0v4A2.25 2.25 0 0 1 12.75 17h-8.5A2.25 2.25 0 0 1 2 14.75v-8.5A2.25 2.25 0 0 1 4.25 4h5a.75.75 0 0 1 0 1.5h-5Zm7.25-.75a.75.75 0 0 1 .75-.75h3.5a.75.75 0 0 1 .75.75v3.5a.75.75 0 0 1-1.5 0V6.56l-5.22 5.22a.75.75 0 1 1-1.06-1.06l5.22-5.22h-1.69a.75.75 0 0 1-.75-.75Z"
              clipRule="evenodd"
            />
          </svg>
        </a>
        <button type="button" onClick={copy} className={buttonClass("secondary")}>
          Copy link
        </button>
        <span role="status" className="text-xs text-indigo-900">
          {copied === "yes" ? "Copied" : copied === "failed" ? "Copy failed: select the link" : ""}
        </span>
      </div>
      <p
        className={`mt-3 text-xs ${state && state !== "live" ? "font-medium text-amber-900" : "text-indigo-900/80"}`}
      >
        {linkNote(state, expiresAt)}
      </p>
    </section>
  );
}

function MessageBody({ mail }: { mail: OutboxMail }) {
  return (
    <TabGroup>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-900">Message</h3>
        <TabList aria-label="Message format" className="flex gap-1 rounded-lg bg-slate-100 p-1">
          <Tab className={tabClass}>As sent</Tab>
          <Tab className={tabClass}>Plain text</Tab>
        </TabList>
      </div>
      <TabPanels className="mt-3">
        <TabPanel className="overflow-hidden rounded-lg ring-1 ring-slate-200 focus-visible:outline-2 focus-visible:outline-indigo-600">
          {mail.html ? (
            <iframe
              title={`Invitation e-mail to ${mail.to_name || mail.to}`}
              // No scripts, no same-origin access: the message can only draw itself.
              sandbox="allow-popups allow-popups-to-escape-sandbox"
              referrerPolicy="no-referrer"
              srcDoc={framedDocument(mail.html)}
              className="block h-[30rem] w-full bg-slate-100"
            />
          ) : (
            <p className="px-4 py-6 text-sm text-slate-500">This e-mail has no HTML version.</p>
          )}
        </TabPanel>
        <TabPanel className="rounded-lg focus-visible:outline-2 focus-visible:outline-indigo-600">
          <pre className="rounded-lg bg-slate-50 p-4 font-mono text-xs/5 whitespace-pre-wrap break-words text-slate-800 ring-1 ring-slate-200 ring-inset">
            {mail.text ?? "This e-mail has no plain-text version."}
          </pre>
        </TabPanel>
      </TabPanels>
    </TabGroup>
  );
}
