import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { beforeEach, describe, expect, it } from "vitest";
import { useSavedViews } from "@/lib/portal/client/use-saved-views";
import { SavedViewsMenu } from "./saved-views-menu";

/** The menu as a list page wires it: the query is the list's URL, applying one navigates. */
function ListWithViews({ account = "test:Acme", start = "?q=ann&sort=city" }) {
  const [query, setQuery] = useState(start);
  const views = useSavedViews("/workers", account);
  return (
    <>
      <p>Showing {query || "everything"}</p>
      <SavedViewsMenu
        views={views.views}
        query={query}
        onApply={(v) => setQuery(v.query)}
        onSave={(name) => views.save(name, query)}
        onDelete={views.remove}
      />
      <button type="button" onClick={() => setQuery("?suspended=true&page=2")}>
        Show suspended
      </button>
    </>
  );
}

beforeEach(() => localStorage.clear());

describe("SavedViewsMenu", () => {
  it("saves the current view, applies it later, and deletes it", async () => {
    const user = userEvent.setup();
    render(<ListWithViews />);
    await user.click(screen.getByRole("button", { name: "Views" }));
    await user.type(screen.getByLabelText("Save the current view as"), "Ann by city");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(screen.getByText("Saved “Ann by city”.")).toBeTruthy();
    // The list now shows a saved view: the menu's button names it.
    expect(screen.getByRole("button", { name: "Ann by city (saved view)" })).toBeTruthy();
    expect(JSON.parse(localStorage.getItem("portal:views:/workers:test:Acme") ?? "")).toEqual([
      { name: "Ann by city", query: "?q=ann&sort=city" },
    ]);

    await user.click(screen.getByRole("button", { name: "Show suspended" }));
    expect(screen.getByText("Showing ?suspended=true&page=2")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Views" }));
    await user.click(screen.getByRole("button", { name: "Ann by city" }));
    expect(screen.getByText("Showing ?q=ann&sort=city")).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Ann by city (saved view)" }));
    await user.click(screen.getByRole("button", { name: "Delete view Ann by city" }));
    expect(screen.getByText(/None yet/)).toBeTruthy();
    expect(localStorage.getItem("portal:views:/workers:test:Acme")).toBe("[]");
  });

  it("says what is wrong with a name, next to the field", async () => {
    const user = userEvent.setup();
    render(<ListWithViews />);
    await user.click(screen.getByRole("button", { name: "Views" }));
    await user.type(screen.getByLabelText("Save the current view as"), "   ");
    await user.click(screen.getByRole("button", { name: "Save" }));
    const field = screen.getByLabelText("Save the current view as");
    expect(field.getAttribute("aria-invalid")).toBe("true");
    const note = document.getElementById(field.getAttribute("aria-describedby") ?? "");
    expect(note?.textContent).toBe("Give the view a name.");
  });

  it("keeps each account's views apart", async () => {
    localStorage.setItem(
      "portal:views:/workers:live:Other Co",
      JSON.stringify([{ name: "Theirs", query: "?q=x" }]),
    );
    localStorage.setItem(
      "portal:views:/workers:test:Acme",
      JSON.stringify([{ name: "Ours", query: "?q=y" }]),
    );
    const user = userEvent.setup();
    render(<ListWithViews />);
    await user.click(screen.getByRole("button", { name: "Views" }));
    const list = screen.getByRole("list");
    expect(within(list).getByRole("button", { name: "Ours" })).toBeTruthy();
    expect(within(list).queryByRole("button", { name: "Theirs" })).toBeNull();
  });
});
