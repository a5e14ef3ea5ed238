import type { Metadata } from "next";
import { AcceptInvitation } from "@/components/invitations/accept-invitation";

export const metadata: Metadata = {
  title: "Accept your invitation",
  robots: { index: false, follow: false },
  // The invitation token lives in this page's fragment: nothing it links to learns the page.
  referrer: "no-referrer",
};

/**
 * The invited worker's or teammate's page (no portal session): the link in the invitation e-mail opens it with the
 * token in the fragment, and the page itself talks to the public /api_v2/invitations calls.
 */
export default function AcceptInvitePage() {
  return (
    <main id="main" className="mx-auto flex min-h-screen max-w-md flex-col px-4 py-10 sm:py-16">
      <div className="mb-6 flex items-center justify-center gap-2 text-sm font-semibold text-slate-700">
        <span
          aria-hidden="true"
          className="grid size-8 place-items-center rounded-lg bg-indigo-600 text-xs font-bold text-white"
        >
          EP
        </span>
        Invitation
      </div>
      <AcceptInvitation />
      <p className="mt-auto pt-10 text-center text-xs text-slate-500">
        You got this link because someone invited you by e-mail. If you were not expecting it,
        you can ignore it.
      </p>
    </main>
  );
}
