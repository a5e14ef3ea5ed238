import { describe, expect, it } from "vitest";
import { signInPath } from "./sign-in-path";

describe("signInPath", () => {
  it("comes back to the page, its query kept", () => {
    expect(signInPath("/workers?q=Garcia&page=2")).toBe(
      "/sign-in?next=%2Fworkers%3Fq%3DGarcia%26page%3D2",
    );
  });
  it("says the session ended only when told so", () => {
    expect(signInPath("/workers", { ended: true })).toBe("/sign-in?expired=1&next=%2Fworkers");
    expect(signInPath("/workers", { ended: false })).toBe("/sign-in?next=%2Fworkers");
  });
});
