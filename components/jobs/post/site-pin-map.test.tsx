import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { SitePinMap } from "./site-pin-map";

describe("the site pin map", () => {
  it("is an image that says where the pin is, and a click drops the pin", async () => {
    const onPin = vi.fn();
    const { rerender, container } = render(
      <SitePinMap pin={null} onPin={onPin} tileUrl="https://tiles.test/{z}/{x}/{y}.png" />,
    );
    const map = screen.getByRole("img", { name: "Map of the job site. No site pin yet." });
    await screen.findByRole("button", { name: "Zoom in" });
    fireEvent.click(map, { clientX: 10, clientY: 10 });
    expect(onPin).toHaveBeenCalledTimes(1);
    rerender(
      <SitePinMap
        pin={{ lat: 37.7609, lng: -122.3877 }}
        onPin={onPin}
        tileUrl="https://tiles.test/{z}/{x}/{y}.png"
      />,
    );
    expect(
      screen.getByRole("img", {
        name: "Map of the job site. The site pin is at latitude 37.7609, longitude -122.3877.",
      }),
    ).toBeTruthy();
    await waitFor(() => expect(container.querySelector(".leaflet-marker-icon")).toBeTruthy());
    // Nothing inside the map takes keyboard focus.
    expect(map.getAttribute("tabindex")).toBeNull();
    expect(map.querySelectorAll("[tabindex]:not([tabindex='-1']), button, a[href]")).toHaveLength(
      0,
    );
  });
});
