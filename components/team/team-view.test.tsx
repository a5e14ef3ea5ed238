import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TeamView } from "./team-view";

const person = (id: number, first: string, last: string, extra: object) => ({
  id,
  type: "Employer",
  first_name: first,
  last_name: last,
  email: `${first.toLowerCase()}@example.com`,
  title: null,
  suspended: false,
  invitation_status: "accepted",
  last_sign_in_at: null,
  ...extra,
});
let team: ReturnType<typeof person>[];

type Call = { url: string; method: string; body: unknown };
let calls: Call[];
let answerPatch: (id: number, body: Record<string, unknown>) => Response;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const refuse = (field: string, message: string) =>
  json(
    {
      error: {
        code: "validation_failed",
        message: "Validation failed",
        fields: { [field]: [message] },
      },
    },
    422,
  );

beforeEach(() => {
  calls = [];
  team = [
    person(3, "Ana", "Admin", {
      role: "customer_admin",
      title: "Owner",
      last_sign_in_at: new Date().toISOString(),
    }),
    person(5, "Dana", "Lee", { role: "requestor" }),
    person(6, "Rob", "Reader", { role: "read_only", invitation_status: "invited" }),
    person(7, "Gone", "Away", { role: "requestor", suspended: true }),
    person(8, "Late", "Comer", { role: "read_only", invitation_status: "expired" }),
  ];
  answerPatch = (id, body) => {
    const t = team.find((p) => p.id === id);
    if (!t) return json({ error: { code: "not_found", message: "Not found" } }, 404);
    Object.assign(t, body);
    return json(t);
  };
  // Only the network is stubbed: the portal's proxy answers as the API would.
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init?: RequestInit) => {
      const method = init?.method ?? "GET";
      const body = init?.body ? JSON.parse(String(init.body)) : null;
      calls.push({ url: input, method, body });
      if (input.startsWith("/api/proxy/users?type=Employer")) {
        return json({ users: team, page: 1, per: 50, total: team.length });
      }
      const m = /^\/api\/proxy\/users\/(\d+)$/.exec(input);
      if (m && method === "PATCH") return answerPatch(Number(m[1]), body);
      if (input === "/api/proxy/users/invite" && method === "POST") {
        if (body.email === "dana@example.com") return refuse("email", "has already been taken");
        const created = person(9, body.first_name, body.last_name, {
          ...body,
          invitation_status: "invited",
        });
        team.push(created);
        return json(created, 201);
      }
      if (/^\/api\/proxy\/users\/\d+\/invitation$/.test(input)) return json({ id: 6 }, 201);
      return json({ error: { code: "not_found", message: "Not found" } }, 404);
    }),
  );
  // happy-dom's <dialog> has no showModal: the dialog's open state is the attribute.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute("open", "");
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute("open");
  };
});
afterEach(() => vi.unstubAllGlobals());

const renderTeam = (manageable = true) =>
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <TeamView meId={3} manageable={manageable} />
    </QueryClientProvider>,
  );
const row = (name: string) => screen.getByRole("listitem", { name });

describe("the Team page", () => {
  it("lists teammates admins first, with role, title, status and last sign-in", async () => {
    renderTeam();
    await screen.findByRole("listitem", { name: "Ana Admin" });
    const names = within(screen.getByRole("list", { name: "Teammates" }))
      .getAllByRole("listitem")
      .map((li) => li.getAttribute("aria-label"));
    expect(names).toEqual(["Ana Admin", "Dana Lee", "Gone Away", "Late Comer", "Rob Reader"]);
    expect(row("Ana Admin").textContent).toContain("You");
    expect(row("Ana Admin").textContent).toContain("Ownerana@example.com");
    expect(row("Ana Admin").textContent).toContain("Signed in just now");
    expect(row("Dana Lee").textContent).toContain("Never signed in");
    expect(row("Dana Lee").textContent).toContain("Active");
    expect(row("Rob Reader").textContent).toContain("Invited");
    expect(row("Late Comer").textContent).toContain("Invite expired");
    expect(row("Gone Away").textContent).toContain("Deactivated");
    expect(screen.getByText("5 teammates · 1 invited · 1 deactivated")).toBeTruthy();
    // Resend for those who have not accepted; Reactivate for the deactivated.
    expect(
      within(row("Rob Reader")).getByRole("button", { name: "Resend invitation" }),
    ).toBeTruthy();
    expect(within(row("Dana Lee")).queryByRole("button", { name: "Resend invitation" })).toBeNull();
    expect(within(row("Gone Away")).getByRole("button", { name: "Reactivate" })).toBeTruthy();
  });

  it("changes a role, and shows the last-admin refusal next to the select", async () => {
    const user = userEvent.setup();
    renderTeam();
    await screen.findByRole("listitem", { name: "Dana Lee" });
    await user.selectOptions(screen.getByLabelText("Role of Dana Lee"), "Admin");
    await waitFor(() =>
      expect(calls.find((c) => c.method === "PATCH")).toEqual({
        url: "/api/proxy/users/5",
        method: "PATCH",
        body: { role: "customer_admin" },
      }),
    );
    await waitFor(() =>
      expect((screen.getByLabelText("Role of Dana Lee") as HTMLSelectElement).value).toBe(
        "customer_admin",
      ),
    );

    answerPatch = () => refuse("role", "is the company's last active admin");
    await user.selectOptions(screen.getByLabelText("Role of Ana Admin"), "Read-only");
    const select = screen.getByLabelText("Role of Ana Admin") as HTMLSelectElement;
    expect(
      await within(row("Ana Admin")).findByText(
        "Not changed: Ana Admin is the company's last active admin.",
      ),
    ).toBeTruthy();
    expect(select.getAttribute("aria-invalid")).toBe("true");
    expect(select.getAttribute("aria-describedby")).toBe(`${select.id}-error`);
    // The select still shows what the API holds.
    expect(select.value).toBe("customer_admin");
  });

  it("deactivates after a confirm that says their sessions end, and reactivates", async () => {
    const user = userEvent.setup();
    renderTeam();
    await screen.findByRole("listitem", { name: "Dana Lee" });
    await user.click(within(row("Dana Lee")).getByRole("button", { name: "Deactivate Dana Lee" }));
    const dialog = screen.getByRole("dialog", { name: "Deactivate Dana Lee?" });
    expect(dialog.textContent).toContain("Their open sessions end at once");
    await user.click(within(dialog).getByRole("button", { name: "Deactivate" }));
    await waitFor(() => expect(row("Dana Lee").textContent).toContain("Deactivated"));
    expect(calls.filter((c) => c.method === "PATCH").map((c) => c.body)).toEqual([
      { suspended: true },
    ]);

    await user.click(within(row("Dana Lee")).getByRole("button", { name: "Reactivate" }));
    await waitFor(() => expect(row("Dana Lee").textContent).toContain("Active"));
    expect(calls.filter((c) => c.method === "PATCH").map((c) => c.body)).toEqual([
      { suspended: true },
      { suspended: false },
    ]);
  });

  it("shows the last-admin refusal of a deactivation in the dialog", async () => {
    const user = userEvent.setup();
    answerPatch = () => refuse("suspended", "is the company's last active admin");
    renderTeam();
    await screen.findByRole("listitem", { name: "Ana Admin" });
    await user.click(
      within(row("Ana Admin")).getByRole("button", { name: "Deactivate Ana Admin" }),
    );
    const dialog = screen.getByRole("dialog", { name: "Deactivate Ana Admin?" });
    expect(dialog.textContent).toContain("You will be signed out at once");
    await user.click(within(dialog).getByRole("button", { name: "Deactivate" }));
    expect(
      await within(dialog).findByText(
        "Not deactivated: Ana Admin is the company's last active admin.",
      ),
    ).toBeTruthy();
  });

  it("invites by e-mail with a role, and puts a taken e-mail by its field", async () => {
    const user = userEvent.setup();
    renderTeam();
    await screen.findByRole("listitem", { name: "Ana Admin" });
    await user.click(screen.getByRole("button", { name: "Invite teammate" }));
    const form = screen.getByRole("form", { name: "Invite a teammate" });
    await user.type(within(form).getByLabelText(/^First name/), "Dana");
    await user.type(within(form).getByLabelText(/^Last name/), "Again");
    await user.type(within(form).getByLabelText(/^Work e-mail/), "dana@example.com");
    await user.click(within(form).getByRole("button", { name: "Send invitation" }));
    const email = within(form).getByLabelText(/^Work e-mail/);
    expect(await within(form).findByText("has already been taken")).toBeTruthy();
    expect(email.getAttribute("aria-invalid")).toBe("true");

    await user.clear(email);
    await user.type(email, "sam@example.com");
    await user.type(within(form).getByLabelText(/^Title/), "Shift lead");
    await user.click(within(form).getByRole("radio", { name: /^Read-only/ }));
    await user.click(within(form).getByRole("button", { name: "Send invitation" }));
    expect(await screen.findByText("sam@example.com", { selector: "strong" })).toBeTruthy();
    expect(calls.filter((c) => c.url === "/api/proxy/users/invite").at(-1)?.body).toEqual({
      type: "Employer",
      first_name: "Dana",
      last_name: "Again",
      email: "sam@example.com",
      role: "read_only",
      title: "Shift lead",
    });
    expect(await screen.findByRole("listitem", { name: "Dana Again" })).toBeTruthy();
  });

  it("against the real service lists the team with no controls", async () => {
    renderTeam(false);
    await screen.findByRole("listitem", { name: "Dana Lee" });
    expect(screen.queryByRole("button", { name: "Invite teammate" })).toBeNull();
    expect(screen.queryByRole("combobox")).toBeNull();
    expect(screen.queryByRole("button", { name: /Deactivate|Reactivate|Resend/ })).toBeNull();
    expect(row("Dana Lee").textContent).toContain("Requestor");
  });
});
