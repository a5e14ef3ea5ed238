import { describe, expect, it } from "vitest";
import { fileNameFrom } from "@/lib/portal/client/save-file";

describe("fileNameFrom", () => {
  it.each([
    ['attachment; filename="workers-2026-11-21.csv"', "workers-2026-11-21.csv"],
    ["attachment; filename=workers.csv", "workers.csv"],
    ["attachment; filename*=UTF-8''Arbeiter%20%C3%BC.csv", "Arbeiter ü.csv"],
    ['attachment; filename="../../etc/passwd"', ".._.._etc_passwd"],
    ["attachment", "fallback.csv"],
    [null, "fallback.csv"],
    ['attachment; filename=""', "fallback.csv"],
  ])("%j → %j", (header, expected) => {
    expect(fileNameFrom(header, "fallback.csv")).toBe(expected);
  });
});
