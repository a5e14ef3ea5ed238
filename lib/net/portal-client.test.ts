import { describe, expect, it } from "vitest";
import {
  PORTAL_CLIENT_HEADER,
  PORTAL_CLIENT_SIGNATURE_HEADER,
  portalClientHeaders,
  verifiedPortalClient,
} from "@/lib/net/portal-client";

describe("portal client headers: only this process can vouch for a browser", () => {
  it("verifies its own signature", () => {
    const h = portalClientHeaders("203.0.113.9");
    expect(verifiedPortalClient(h[PORTAL_CLIENT_HEADER], h[PORTAL_CLIENT_SIGNATURE_HEADER])).toBe(
      "203.0.113.9",
    );
  });

  it("refuses another address under the signature, a made-up one, or none", () => {
    const sig = portalClientHeaders("203.0.113.9")[PORTAL_CLIENT_SIGNATURE_HEADER];
    expect(verifiedPortalClient("203.0.113.10", sig)).toBeNull();
    expect(verifiedPortalClient("203.0.113.9", "AAAA")).toBeNull();
    expect(verifiedPortalClient("203.0.113.9", `${sig}x`)).toBeNull();
    expect(verifiedPortalClient("203.0.113.9", "")).toBeNull();
    expect(verifiedPortalClient("203.0.113.9", undefined)).toBeNull();
    expect(verifiedPortalClient(undefined, sig)).toBeNull();
    expect(verifiedPortalClient("", sig)).toBeNull();
    expect(verifiedPortalClient(["203.0.113.9"], [sig ?? ""])).toBeNull();
  });
});
