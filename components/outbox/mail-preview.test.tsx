import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { OutboxMail } from "@/lib/portal/client/hooks/use-mails";
import { MailList } from "./mail-list";
import { MailPreview } from "./mail-preview";

const mail = (over: Partial<OutboxMail> = {}): OutboxMail => ({
  id: 1,
  event: "user.invited",
  to: "grace@example.com",
  to_name: "Grace Hopper",
  subject: "Demo Co invited you to join their team",
  state: "delivered",
  transport: "database",
  attempts: 1,
  last_error: null,
  created_at: "2026-11-27T09:00:00.000Z",
  delivered_at: "2026-11-27T09:00:01.000Z",
  link_expires_at: "2026-12-04T09:00:00.000Z",
  body_available: true,
  text: "Hi Grace,\n\nThe link works once and expires on December 4, 2026.",
  html: "<p>Hi Grace</p>",
  link: "http://localhost:3000/accept-invite#token=abcdefghijklmnopqrstuvwxyz",
  ...over,
});

describe("the outbox's mail", () => {
  it("names who invited, and says a replaced link no longer works", () => {
    render(
      <MailPreview mail={mail({ sent_by: { id: 9, name: "Dana Lee" }, link_state: "replaced" })} />,
    );
    const article = screen.getByRole("article");
    expect(within(article).getByText("Invited by Dana Lee")).toBeTruthy();
    expect(within(article).getByText(/This link no longer works/)).toBeTruthy();
    expect(within(article).queryByText(/it works once/)).toBeNull();
  });

  it("keeps today's wording where the API says nothing (key pairs, the real service)", () => {
    render(<MailPreview mail={mail()} />);
    const article = screen.getByRole("article");
    expect(within(article).queryByText(/ by /)).toBeNull();
    expect(within(article).getByText(/it works once, until/)).toBeTruthy();
  });

  it("says so in the list too, without the link itself", () => {
    render(
      <MailList
        mails={[
          mail({ id: 2, link_state: "live", sent_by: { id: 9, name: "Dana Lee" } }),
          mail({ id: 1, link_state: "replaced", sent_by: { id: 9, name: "Dana Lee" } }),
        ]}
        selectedId={2}
        onSelect={() => {}}
      />,
    );
    const [newer, older] = screen.getAllByRole("button");
    expect(newer!.textContent).toContain("Invited by Dana Lee");
    expect(newer!.textContent).not.toContain("Link replaced");
    expect(older!.textContent).toContain("Link replaced");
  });
});
