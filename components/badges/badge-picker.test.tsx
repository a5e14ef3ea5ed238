import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { type ReactNode, useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { UserBadge } from "@/lib/portal/types";
import { type BadgeEdit, BadgePicker, badgeAttributes, EMPTY_BADGE_EDIT } from "./badge-picker";
import { BadgeSearch } from "./badge-search";

const BADGES = [
  {
    id: 1,
    name: "Forklift",
    description: "Certified",
    info_url: null,
    icon_url: null,
    is_soft: false,
  },
  { id: 2, name: "Ladder", description: "", info_url: null, icon_url: null, is_soft: false },
  { id: 3, name: "First aid", description: "", info_url: null, icon_url: null, is_soft: false },
];
const held = (badgeId: string, id: number): UserBadge => ({
  id,
  user_id: 42,
  badge_id: badgeId,
  created_at: "2026-11-20T10:00:00.000+00:00",
});

beforeEach(() => {
  // Only the network is stubbed: GET /api/proxy/badges answers the company's badges.
  vi.stubGlobal(
    "fetch",
    vi.fn(
      async () =>
        new Response(JSON.stringify({ badges: BADGES, page: 1, per: 50, total: BADGES.length }), {
          headers: { "content-type": "application/json" },
        }),
    ),
  );
});
afterEach(() => vi.unstubAllGlobals());

const withQueries = (ui: ReactNode) =>
  render(<QueryClientProvider client={new QueryClient()}>{ui}</QueryClientProvider>);

describe("the badge search", () => {
  it("lists badges already on the worker as assigned, and never picks them", async () => {
    const onPick = vi.fn();
    const user = userEvent.setup();
    withQueries(
      <BadgeSearch taken={new Set(["2"])} onPick={onPick} inputRef={{ current: null }} />,
    );
    await user.click(screen.getByRole("combobox", { name: "Add a badge" }));
    const assigned = await screen.findByRole("option", { name: "Ladder, assigned" });
    expect(assigned.getAttribute("aria-disabled")).toBe("true");
    await user.click(assigned);
    expect(onPick).not.toHaveBeenCalled();
    await user.click(screen.getByRole("option", { name: "Forklift" }));
    expect(onPick).toHaveBeenCalledWith({ id: "1", name: "Forklift" });
  });
});

/** The picker as a page holds it: its edit in state, shown for the test to read. */
function Picker({ start = EMPTY_BADGE_EDIT }: { start?: BadgeEdit }) {
  const [value, setValue] = useState(start);
  return (
    <>
      <BadgePicker held={[held("2", 70)]} value={value} onChange={setValue} />
      <output data-testid="edit">{JSON.stringify(value)}</output>
    </>
  );
}
const edit = () => JSON.parse(screen.getByTestId("edit").textContent ?? "{}") as BadgeEdit;

describe("the badge picker", () => {
  it("marks a held badge for removal and undoes it, saying so", async () => {
    const user = userEvent.setup();
    withQueries(<Picker />);
    await user.click(await screen.findByRole("button", { name: "Remove Ladder" }));
    expect(edit().removals).toEqual(["2"]);
    expect(screen.getByText("Ladder will be removed when you save.")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Undo removing Ladder" }));
    expect(edit().removals).toEqual([]);
  });

  it("adds a searched badge once: a second pick of it is refused as assigned", async () => {
    const user = userEvent.setup();
    withQueries(<Picker />);
    await user.click(await screen.findByRole("combobox", { name: "Add a badge" }));
    await user.click(await screen.findByRole("option", { name: "First aid" }));
    expect(edit().adds).toEqual([{ id: "3", name: "First aid" }]);
    await user.type(screen.getByRole("combobox", { name: "Add a badge" }), "First");
    const again = await screen.findByRole("option", { name: "First aid, assigned" });
    await user.click(again);
    expect(edit().adds).toEqual([{ id: "3", name: "First aid" }]);
  });
});

describe("badgeAttributes", () => {
  it("asks only for what is still needed against the badges held now", () => {
    const now = [held("2", 70), held("5", 71)];
    expect(
      badgeAttributes(
        {
          adds: [
            { id: "2", name: "Ladder" },
            { id: "3", name: "First aid" },
          ],
          removals: ["5", "9"],
        },
        now,
      ),
    ).toEqual([{ id: 71, _destroy: true }, { badge_id: "3" }]);
  });
});
