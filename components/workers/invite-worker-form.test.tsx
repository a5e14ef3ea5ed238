import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { InviteWorkerForm, parseInviteDraft } from "./invite-worker-form";

const push = vi.fn();
vi.mock("next/navigation", () => ({ useRouter: () => ({ push, replace: vi.fn() }) }));

const KEY = "draft:/workers/new";
const TYPED = {
  first_name: "Ana",
  last_name: "Souza",
  email: "ana@example.com",
  phone: "+49 151 1234 5678",
  external_id: "",
};

beforeEach(() => {
  push.mockReset();
  window.sessionStorage.clear();
  // Only the network is stubbed: the portal's proxy answers as the API would.
  vi.stubGlobal(
    "fetch",
    vi.fn(
      async () =>
        new Response(JSON.stringify({ id: 41, email: TYPED.email, user_badges: [] }), {
          status: 201,
        }),
    ),
  );
});
afterEach(() => vi.unstubAllGlobals());

const renderForm = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <InviteWorkerForm />
    </QueryClientProvider>,
  );
const stored = () => JSON.parse(window.sessionStorage.getItem(KEY) ?? "null");

describe("the invite form's draft", () => {
  it("opens empty and quiet when nothing was left behind", () => {
    renderForm();
    expect(screen.queryByText("Restored your unsent draft")).toBeNull();
    expect(screen.getByLabelText(/First name/)).toHaveProperty("value", "");
  });

  it("brings an unsent draft back with a notice, and Clear form empties form and draft", async () => {
    window.sessionStorage.setItem(KEY, JSON.stringify(TYPED));
    renderForm();
    await screen.findByText("Restored your unsent draft");
    expect(screen.getByLabelText(/First name/)).toHaveProperty("value", "Ana");
    expect(screen.getByLabelText(/E-mail/)).toHaveProperty("value", "ana@example.com");

    await userEvent.click(screen.getByRole("button", { name: "Clear form" }));
    expect(screen.queryByText("Restored your unsent draft")).toBeNull();
    expect(screen.getByLabelText(/First name/)).toHaveProperty("value", "");
    expect(screen.getByLabelText(/E-mail/)).toHaveProperty("value", "");
    expect(stored()).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/First name/)));
  });

  it("does not announce a draft of empty fields, and drops it", () => {
    window.sessionStorage.setItem(
      KEY,
      JSON.stringify({ ...TYPED, first_name: " ", last_name: "", email: "", phone: "" }),
    );
    renderForm();
    expect(screen.queryByText("Restored your unsent draft")).toBeNull();
    expect(stored()).toBeNull();
  });

  it("keeps what is typed, forgets it when emptied again", async () => {
    renderForm();
    await userEvent.type(screen.getByLabelText(/Last name/), "Souza");
    await waitFor(() => expect(stored()?.last_name).toBe("Souza"));
    await userEvent.clear(screen.getByLabelText(/Last name/));
    await waitFor(() => expect(stored()).toBeNull());
  });

  it("keeps the last keystroke when the form goes away before the draft's timer", async () => {
    const { unmount } = renderForm();
    await userEvent.type(screen.getByLabelText(/First name/), "Jo");
    unmount();
    expect(stored()?.first_name).toBe("Jo");
  });

  it("is gone after the invitation is sent", async () => {
    window.sessionStorage.setItem(KEY, JSON.stringify(TYPED));
    renderForm();
    await screen.findByText("Restored your unsent draft");
    await userEvent.click(screen.getByRole("button", { name: "Send invitation" }));
    await waitFor(() => expect(push).toHaveBeenCalledWith("/workers/41?invited=1"));
    expect(stored()).toBeNull();
  });
});

describe("parseInviteDraft", () => {
  it("keeps only the form's text fields", () => {
    expect(parseInviteDraft({ first_name: "A", email: 3, role: "admin" })).toEqual({
      first_name: "A",
      last_name: "",
      email: "",
      phone: "",
      external_id: "",
    });
    expect(parseInviteDraft("nonsense")).toBeNull();
    expect(parseInviteDraft(null)).toBeNull();
  });
});
