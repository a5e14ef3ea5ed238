import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { UnsentNotice } from "./unsent-notice";

let online = true;
beforeEach(() => {
  online = false;
  Object.defineProperty(window.navigator, "onLine", { configurable: true, get: () => online });
});
afterEach(() => {
  online = true;
});

const connection = (up: boolean) =>
  act(() => {
    online = up;
    window.dispatchEvent(new Event(up ? "online" : "offline"));
  });

describe("the notice of a save that was not sent", () => {
  it("says offline — not saved, then that a retry can work once the connection is back", async () => {
    const onRetry = vi.fn();
    const onCancel = vi.fn();
    const { rerender } = render(
      <UnsentNotice
        unsent={{ reason: "offline", attempts: 1 }}
        busy={false}
        onRetry={onRetry}
        onCancel={onCancel}
      />,
    );
    const notice = screen.getByRole("status");
    expect(notice.textContent).toContain("You're offline — not saved");
    expect(notice.textContent).toContain("Nothing was sent");

    rerender(
      <UnsentNotice
        unsent={{ reason: "offline", attempts: 2 }}
        busy={false}
        onRetry={onRetry}
        onCancel={onCancel}
      />,
    );
    expect(notice.textContent).toContain("Still offline — not saved");

    connection(true);
    expect(notice.textContent).toContain("You're back online — not saved yet");
    // Coming back only changes the words: saving is the user's call.
    expect(onRetry).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(onCancel).toHaveBeenCalledTimes(1);

    connection(false);
    expect(notice.textContent).toContain("Still offline — not saved");
  });

  it("tells a failed connection apart from being offline", () => {
    online = true;
    render(
      <UnsentNotice
        unsent={{ reason: "unreachable", attempts: 1 }}
        busy={false}
        onRetry={() => {}}
        onCancel={() => {}}
      />,
    );
    expect(screen.getByRole("status").textContent).toContain(
      "The connection failed — the save is not confirmed",
    );
  });

  it("holds both buttons while a retry is under way", () => {
    render(
      <UnsentNotice
        unsent={{ reason: "offline", attempts: 1 }}
        busy
        onRetry={() => {}}
        onCancel={() => {}}
      />,
    );
    expect(screen.getByRole("button", { name: "Retry" })).toHaveProperty("disabled", true);
    expect(screen.getByRole("button", { name: "Cancel" })).toHaveProperty("disabled", true);
  });
});
