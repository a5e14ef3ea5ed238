import { describe, expect, it } from "vitest";
import { parseExportQuery } from "@/lib/portal/server/export-query";

const parse = (qs: string) => {
  const r = parseExportQuery(new URLSearchParams(qs));
  return r.ok ? r.filters.toString() : r;
};

describe("parseExportQuery", () => {
  it("keeps the list's filters and the real service's, drops paging and unknowns", () => {
    expect(parse("q=ada&badge_id=12&suspended=false&sort=last_name&page=3&per=10&token=x")).toBe(
      "q=ada&badge_id=12&suspended=false&sort=last_name",
    );
    expect(parse("address_state=CA,NV&updated_after=2026-01-01&external_id=HR-1")).toBe(
      "external_id=HR-1&address_state=CA%2CNV&updated_after=2026-01-01",
    );
  });
  it("takes the address bar's `badge` for badge_id; badge_id wins when both are given", () => {
    expect(parse("badge=7")).toBe("badge_id=7");
    expect(parse("badge=7&badge_id=8")).toBe("badge_id=8");
  });
  it("leaves out blanks, trims, and keeps the last of a repeated parameter", () => {
    expect(parse("q=%20%20&suspended=")).toBe("");
    expect(parse("q=%20ada%20&q=bea")).toBe("q=bea");
  });
  it("exports the SSN and date of birth only when include_sensitive=true, never as a filter", () => {
    const sensitive = (qs: string) => {
      const r = parseExportQuery(new URLSearchParams(qs));
      return r.ok ? [r.includeSensitive, r.filters.toString()] : r;
    };
    expect(sensitive("q=ada")).toEqual([false, "q=ada"]);
    expect(sensitive("q=ada&include_sensitive=false")).toEqual([false, "q=ada"]);
    expect(sensitive("q=ada&include_sensitive=true")).toEqual([true, "q=ada"]);
    expect(sensitive("include_sensitive=yes")).toEqual({
      ok: false,
      fields: { include_sensitive: ['must be "true" or "false"'] },
    });
  });
  it("refuses an over-long search", () => {
    expect(parse(`q=${"x".repeat(201)}`)).toEqual({
      ok: false,
      fields: { q: ["is too long (maximum is 200 characters)"] },
    });
  });
});
