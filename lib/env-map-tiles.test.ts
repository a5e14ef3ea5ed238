import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, resetEnv } from "./env";
import { tileOriginOf } from "./server/security-headers";

/** The maps ask a tile server for nothing unless one is configured (issue 18, item 9). */
describe("MAP_TILE_URL", () => {
  const before = process.env.MAP_TILE_URL;
  afterEach(() => {
    resetEnv({ MAP_TILE_URL: before });
  });

  it("is none by default, so no page allows or asks another host for images", () => {
    const e = resetEnv({ MAP_TILE_URL: undefined });
    expect(e.MAP_TILE_URL).toBe("");
    expect(tileOriginOf(e.MAP_TILE_URL)).toBeNull();
  });

  it("keeps a configured {z}/{x}/{y} template, whose origin images may come from", () => {
    const e = resetEnv({ MAP_TILE_URL: "https://tiles.example.com/{z}/{x}/{y}.png" });
    expect(e.MAP_TILE_URL).toBe("https://tiles.example.com/{z}/{x}/{y}.png");
    expect(tileOriginOf(e.MAP_TILE_URL)).toBe("https://tiles.example.com");
  });

  it("refuses a URL without the tile placeholders, saying which variable and why", () => {
    expect(() => resetEnv({ MAP_TILE_URL: "https://tiles.example.com/tile.png" })).toThrow(
      new ConfigError("Invalid configuration:\n  MAP_TILE_URL: must contain {z}, {x} and {y}"),
    );
  });
});
