import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SearchInput } from "@/components/ui/search-input";
import { CommandPalette } from "./command-palette";
import { matchPages } from "./palette-pages";

const push = vi.fn();
vi.mock("next/navigation", () => ({ useRouter: () => ({ push, replace: vi.fn() }) }));

const CHLOE = {
  id: 7,
  first_name: "Chloé",
  last_name: "Shah",
  email: "chloe.shah@example.com",
};

/** Only the network is stubbed: GET /api/proxy/users?q=… answers Chloé for "chl…". */
let requests: URL[] = [];
beforeEach(() => {
  requests = [];
  push.mockReset();
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string) => {
      const url = new URL(input, "http://portal.test");
      requests.push(url);
      const q = url.searchParams.get("q") ?? "";
      const users = q.toLowerCase().startsWith("chl") ? [CHLOE] : [];
      return new Response(JSON.stringify({ users, page: 1, per: 5, total: users.length }), {
        headers: { "content-type": "application/json" },
      });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function Page() {
  const [q, setQ] = useState("");
  return (
    <>
      <CommandPalette />
      <SearchInput label="Search workers" value={q} onValueChange={setQ} />
      <label>
        Notes <input type="text" />
      </label>
    </>
  );
}

/** The dialog is loaded on first use: the first opening may take a moment in the test runner. */
const findPalette = () =>
  screen.findByRole("dialog", { name: "Command palette" }, { timeout: 5_000 });

const renderPage = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Page />
    </QueryClientProvider>,
  );

describe("the command palette", () => {
  it("opens with Ctrl+K and jumps to a page by name", async () => {
    const user = userEvent.setup();
    renderPage();
    await user.keyboard("{Control>}k{/Control}");
    const dialog = await findPalette();
    const input = within(dialog).getByRole("combobox", { name: "Jump to a page or worker" });
    expect(input).toHaveProperty("ownerDocument.activeElement", input);
    expect(
      within(dialog)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual([
      "Home",
      "Calendar",
      "Workers",
      "Invite worker",
      "Import",
      "Badges",
      "Jobs",
      "Post a job",
      "Outbox",
      "Webhooks",
      "API docs",
    ]);
    await user.type(input, "badg");
    expect(
      within(dialog)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["Badges"]);
    await user.keyboard("{Enter}");
    expect(push).toHaveBeenCalledWith("/badges");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("closes with Escape and opens again, empty, with Ctrl+K", async () => {
    const user = userEvent.setup();
    renderPage();
    await user.keyboard("{Control>}k{/Control}");
    await user.type(within(await findPalette()).getByRole("combobox"), "out");
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog"), "after Escape").toBeNull());
    await user.keyboard("{Control>}k{/Control}");
    const again = await findPalette();
    expect(within(again).getByRole("combobox")).toHaveProperty("value", "");
    // Ctrl+K in the palette's own field closes it again.
    await user.keyboard("{Control>}k{/Control}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("finds a worker through the workers API, debounced and a few at a time", async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole("button", { name: "Jump to…" }));
    const dialog = await findPalette();
    await user.type(within(dialog).getByRole("combobox"), "chloe");
    const option = await within(dialog).findByRole("option", {
      name: "Chloé Shah, chloe.shah@example.com",
    });
    expect(within(dialog).getByRole("status").textContent).toBe("1 worker found.");
    // One request for what was typed once typing paused, not one per key; five results at most.
    const searches = requests.filter((u) => u.pathname === "/api/proxy/users");
    expect(searches.map((u) => u.searchParams.get("q"))).toEqual(["chloe"]);
    expect(searches[0]!.searchParams.get("per")).toBe("5");
    await user.click(option);
    expect(push).toHaveBeenCalledWith("/workers/7");
  });

  it("says when nothing matches", async () => {
    const user = userEvent.setup();
    renderPage();
    await user.keyboard("{Control>}k{/Control}");
    const dialog = await findPalette();
    await user.type(within(dialog).getByRole("combobox"), "zzzz");
    await waitFor(() =>
      expect(within(dialog).getByRole("status").textContent).toBe("Nothing matches “zzzz”."),
    );
    expect(within(dialog).queryAllByRole("option")).toEqual([]);
  });

  it("lists the shortcuts live on the page under Keyboard shortcuts (opened with ?)", async () => {
    const user = userEvent.setup();
    renderPage();
    await user.keyboard("?");
    const dialog = await findPalette();
    const help = within(dialog).getByRole("region", { name: "Keyboard shortcuts" });
    const rows = within(help)
      .getAllByRole("definition")
      .map((d) => d.textContent);
    expect(rows).toEqual(
      expect.arrayContaining([
        "Open the command palette (also while typing)",
        "Show keyboard shortcuts",
        "Search workers",
        "Open the highlighted result",
      ]),
    );
  });
});

describe("/ for search", () => {
  it("puts the cursor in the page's search, but not while typing in a field", async () => {
    const user = userEvent.setup();
    renderPage();
    const search = screen.getByRole("searchbox", { name: "Search workers" });
    const notes = screen.getByRole("textbox", { name: "Notes" });
    await user.click(notes);
    await user.keyboard("/");
    expect(notes).toHaveProperty("value", "/");
    expect(document.activeElement).toBe(notes);
    await user.click(document.body);
    await user.keyboard("/");
    expect(document.activeElement).toBe(search);
    expect(search).toHaveProperty("value", "");
  });
});

describe("page matching", () => {
  it.each([
    ["", 11],
    ["invite", 1],
    ["csv", 1],
    ["JOB", 2],
    ["nothing here", 0],
  ])("“%s” finds %i pages", (query, count) => {
    expect(matchPages(query)).toHaveLength(count);
  });

  it("puts pages whose name starts with the query first", () => {
    expect(matchPages("jo").map((p) => p.label)).toEqual(["Jobs", "Post a job"]);
  });
});
