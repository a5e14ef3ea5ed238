import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Badge } from "@/lib/portal/types";
import { DeleteBadgeDialog } from "./delete-badge-dialog";
import { RenameBadgeForm } from "./rename-badge-form";

const BADGE: Badge = {
  id: 7,
  name: "Forklift",
  description: "Certified",
  info_url: null,
  icon_url: null,
  is_soft: false,
  workers_count: 3,
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** Only the network is stubbed: the portal's proxy answers as given. */
function stubFetch(answer: () => Response) {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) => answer());
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

const wrap = (ui: ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { retry: false } } as never)}>
      {ui}
    </QueryClientProvider>,
  );

afterEach(() => vi.unstubAllGlobals());

describe("RenameBadgeForm", () => {
  it("opens on the name, selected; Escape leaves without a request", async () => {
    const fetch = stubFetch(() => json(BADGE));
    const onDone = vi.fn();
    wrap(<RenameBadgeForm badge={BADGE} onDone={onDone} />);
    const field = screen.getByRole("textbox", { name: "Badge name" });
    await vi.waitFor(() => expect(document.activeElement).toBe(field));
    expect((field as HTMLInputElement).value).toBe("Forklift");
    await userEvent.type(field, "X{Escape}");
    expect(onDone).toHaveBeenCalledWith();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("saves nothing when the name did not change", async () => {
    const fetch = stubFetch(() => json(BADGE));
    const onDone = vi.fn();
    wrap(<RenameBadgeForm badge={BADGE} onDone={onDone} />);
    await userEvent.keyboard("{Enter}");
    expect(onDone).toHaveBeenCalledWith();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("refuses a blank name in the browser, on the field", async () => {
    const fetch = stubFetch(() => json(BADGE));
    const onDone = vi.fn();
    wrap(<RenameBadgeForm badge={BADGE} onDone={onDone} />);
    const field = screen.getByRole("textbox", { name: "Badge name" });
    await userEvent.clear(field);
    await userEvent.keyboard("   {Enter}");
    expect(await screen.findByText("can't be blank")).toBeTruthy();
    expect(field.getAttribute("aria-invalid")).toBe("true");
    expect(onDone).not.toHaveBeenCalled();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("PATCHes the new name and shows the server's refusal on the field", async () => {
    const fetch = stubFetch(() =>
      json(
        {
          error: {
            code: "validation_failed",
            message: "Name has already been taken",
            fields: { name: ["has already been taken"] },
          },
        },
        422,
      ),
    );
    const onDone = vi.fn();
    wrap(<RenameBadgeForm badge={BADGE} onDone={onDone} />);
    const field = screen.getByRole("textbox", { name: "Badge name" });
    await userEvent.clear(field);
    await userEvent.type(field, "Ladder{Enter}");
    expect(await screen.findByText("has already been taken")).toBeTruthy();
    expect(field.getAttribute("aria-invalid")).toBe("true");
    expect(onDone).not.toHaveBeenCalled();
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe("/api/proxy/badges/7");
    expect(init?.method).toBe("PATCH");
    expect(JSON.parse(String(init?.body))).toEqual({ name: "Ladder" });
  });

  it("hands back the new name once saved", async () => {
    stubFetch(() => json({ ...BADGE, name: "Forklift (class II)" }));
    const onDone = vi.fn();
    wrap(<RenameBadgeForm badge={BADGE} onDone={onDone} />);
    const field = screen.getByRole("textbox", { name: "Badge name" });
    await userEvent.type(field, " (class II){Enter}");
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledWith("Forklift (class II)"));
  });
});

describe("DeleteBadgeDialog", () => {
  it.each([
    [3, "3 workers hold it and will lose it."],
    [1, "1 worker holds it and will lose it."],
    [0, "No worker holds it."],
    [undefined, "Every worker who holds it loses it."],
  ])("with %s holders says: %s", (count, text) => {
    stubFetch(() => new Response(null, { status: 204 }));
    wrap(
      <DeleteBadgeDialog
        badge={{ ...BADGE, workers_count: count }}
        onClose={() => {}}
        onDeleted={() => {}}
      />,
    );
    expect(screen.getByText(text)).toBeTruthy();
  });

  it("deletes with remove_from_workers and says which badge went", async () => {
    const fetch = stubFetch(() => new Response(null, { status: 204 }));
    const onDeleted = vi.fn();
    wrap(<DeleteBadgeDialog badge={BADGE} onClose={() => {}} onDeleted={onDeleted} />);
    await userEvent.click(screen.getByRole("button", { name: "Delete badge", hidden: true }));
    await vi.waitFor(() => expect(onDeleted).toHaveBeenCalledWith(BADGE));
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe("/api/proxy/badges/7?remove_from_workers=true");
    expect(init?.method).toBe("DELETE");
  });

  it("shows the server's refusal in the dialog", async () => {
    stubFetch(() =>
      json(
        {
          error: {
            code: "validation_failed",
            message: "Badge is required by 1 job request; remove it from them first",
          },
        },
        422,
      ),
    );
    const onDeleted = vi.fn();
    wrap(<DeleteBadgeDialog badge={BADGE} onClose={() => {}} onDeleted={onDeleted} />);
    await userEvent.click(screen.getByRole("button", { name: "Delete badge", hidden: true }));
    expect(
      await screen.findByText(
        "Not deleted: Badge is required by 1 job request; remove it from them first",
      ),
    ).toBeTruthy();
    expect(onDeleted).not.toHaveBeenCalled();
  });
});
