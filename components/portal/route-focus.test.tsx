import { render, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";

let pathname = "/workers";
vi.mock("next/navigation", () => ({ usePathname: () => pathname }));

// Module state (the last path shown) is per document: a fresh module for every test.
let RouteFocus: typeof import("./route-focus").RouteFocus;
beforeEach(async () => {
  vi.resetModules();
  ({ RouteFocus } = await import("./route-focus"));
});

function Shell({ children }: { children: ReactNode }) {
  return (
    <>
      <nav>
        <a href="/badges">Badges</a>
      </nav>
      <RouteFocus />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
    </>
  );
}

describe("focus after a navigation", () => {
  it("leaves the first page alone, then focuses the next page's h1", () => {
    const view = render(
      <Shell>
        <h1>Workers</h1>
      </Shell>,
    );
    expect(document.activeElement).toBe(document.body);
    screen.getByRole("link", { name: "Badges" }).focus();
    pathname = "/badges";
    view.rerender(
      <Shell>
        <h1>Badges</h1>
      </Shell>,
    );
    const heading = screen.getByRole("heading", { name: "Badges" });
    expect(document.activeElement).toBe(heading);
    expect(heading.getAttribute("tabindex")).toBe("-1");
  });

  it("waits for a heading that comes with the page's data", async () => {
    pathname = "/workers";
    const view = render(<Shell>list</Shell>);
    pathname = "/workers/7";
    view.rerender(<Shell>Loading…</Shell>);
    expect(document.activeElement).toBe(document.body);
    view.rerender(
      <Shell>
        <h1>Chloé Shah</h1>
      </Shell>,
    );
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Chloé Shah" })),
    );
  });

  it("does not take focus back from where the user or the page put it", async () => {
    pathname = "/workers";
    const view = render(<Shell>list</Shell>);
    pathname = "/workers/new";
    view.rerender(
      <Shell>
        <input key="first" aria-label="First name" />
      </Shell>,
    );
    const field = screen.getByRole("textbox", { name: "First name" });
    field.focus();
    view.rerender(
      <Shell>
        <h1>Invite a worker</h1>
        <input key="first" aria-label="First name" />
      </Shell>,
    );
    // The MutationObserver has seen the heading arrive, and left focus in the field.
    await new Promise((r) => setTimeout(r, 20));
    expect(document.activeElement).toBe(field);
  });

  it("keeps focus the new page placed itself", () => {
    pathname = "/workers";
    const view = render(<Shell>list</Shell>);
    pathname = "/workers/import";
    view.rerender(
      <Shell>
        <h1>Import workers</h1>
        {/* biome-ignore lint/a11y/noAutofocus: the case under test */}
        <input aria-label="CSV file" autoFocus />
      </Shell>,
    );
    expect(document.activeElement).toBe(screen.getByRole("textbox", { name: "CSV file" }));
  });
});
