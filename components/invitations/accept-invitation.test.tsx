import { fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AcceptInvitation } from "./accept-invitation";

const json = (body: unknown, status = 200) =>
  new Response(body === null ? null : JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json" },
  });

const invitation = (extra: Record<string, unknown>) => ({
  state: "valid",
  first_name: "Sam",
  company_name: "Demo Staffing Co",
  email: "sam@example.com",
  expires_at: "2030-01-01T00:00:00Z",
  used_at: null,
  ...extra,
});

afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
  window.history.replaceState(null, "", "/");
});

describe("the invitation page", () => {
  it("words a teammate's invitation for the portal: join as the role, then sign in", async () => {
    window.history.replaceState(null, "", "/accept-invite#token=tok123");
    const fetch = vi.fn(async (url: string) =>
      url.endsWith("/inspect")
        ? json(invitation({ type: "Employer", role: "requestor" }))
        : json(null, 204),
    );
    vi.stubGlobal("fetch", fetch);
    render(<AcceptInvitation />);
    expect(
      await screen.findByRole("heading", { name: "Join Demo Staffing Co as Requestor" }),
    ).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Password/), {
      target: { value: "correct horse battery" },
    });
    fireEvent.change(screen.getByLabelText(/^Confirm password/), {
      target: { value: "correct horse battery" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Accept invitation" }));
    const signIn = await screen.findByRole("link", { name: "Sign in" });
    expect(signIn.getAttribute("href")).toBe("/sign-in?with=email");
    expect(screen.getByText(/Sign in to the Employer Portal with/)).toBeTruthy();
  });

  it("keeps a worker's invitation as it was", async () => {
    window.history.replaceState(null, "", "/accept-invite#token=tok456");
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => json(invitation({ type: "Worker" }))),
    );
    render(<AcceptInvitation />);
    expect(
      await screen.findByRole("heading", { name: "Hi Sam — Demo Staffing Co invited you" }),
    ).toBeTruthy();
  });
});
