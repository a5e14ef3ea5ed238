import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { Worker } from "@/lib/portal/types";
import { useWorkerSelection } from "./use-selection";

const workers = [1, 2, 3, 4, 5, 6].map(
  (id) => ({ id, first_name: `W${id}`, last_name: "Test", updated_at: "t" }) as unknown as Worker,
);

/** The selection driven through real checkboxes, as the list's rows drive it. */
function Boxes({ filterKey = "" }: { filterKey?: string }) {
  const s = useWorkerSelection(filterKey, workers);
  return (
    <>
      {workers.map((w) => (
        <input
          key={w.id}
          type="checkbox"
          aria-label={`Select W${w.id}`}
          checked={s.isSelected(w.id)}
          onChange={(e) => {
            const native = e.nativeEvent;
            s.toggle(w, { range: "shiftKey" in native && native.shiftKey === true });
          }}
        />
      ))}
      <output>{s.picked.map((w) => w.id).join(",")}</output>
      <button type="button" onClick={s.clear}>
        Clear
      </button>
    </>
  );
}

const picked = () => screen.getByRole("status").textContent;

describe("useWorkerSelection: shift-click ranges", () => {
  it("ticks everything from the last box clicked to the one shift-clicked", async () => {
    const user = userEvent.setup();
    render(<Boxes />);
    await user.click(screen.getByLabelText("Select W2"));
    await user.keyboard("{Shift>}");
    await user.click(screen.getByLabelText("Select W5"));
    await user.keyboard("{/Shift}");
    expect(picked()).toBe("2,3,4,5");
  });

  it("unticks a range when the shift-clicked box was ticked, upwards too", async () => {
    const user = userEvent.setup();
    render(<Boxes />);
    for (const n of [1, 2, 3, 4, 5, 6]) await user.click(screen.getByLabelText(`Select W${n}`));
    await user.click(screen.getByLabelText("Select W5")); // anchor, now unticked
    await user.keyboard("{Shift>}");
    await user.click(screen.getByLabelText("Select W2"));
    await user.keyboard("{/Shift}");
    expect(picked()).toBe("1,6");
  });

  it("a shift-click with no box clicked before ticks just that one", async () => {
    const user = userEvent.setup();
    render(<Boxes />);
    await user.keyboard("{Shift>}");
    await user.click(screen.getByLabelText("Select W3"));
    await user.keyboard("{/Shift}");
    expect(picked()).toBe("3");
  });

  it("clearing forgets the anchor", async () => {
    const user = userEvent.setup();
    render(<Boxes />);
    await user.click(screen.getByLabelText("Select W1"));
    await act(() => user.click(screen.getByRole("button", { name: "Clear" })));
    await user.keyboard("{Shift>}");
    await user.click(screen.getByLabelText("Select W4"));
    await user.keyboard("{/Shift}");
    expect(picked()).toBe("4");
  });
});
