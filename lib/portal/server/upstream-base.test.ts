import { afterEach, describe, expect, it } from "vitest";
import { resetEnv } from "@/lib/env";
import {
  checkUpstreamUrl,
  UpstreamConfigError,
  upstreamFor,
} from "@/lib/portal/server/upstream-base";

const VARS = ["API_BASE_URL_TEST", "API_BASE_URL_LIVE", "HOST", "PORT"] as const;
const saved = Object.fromEntries(VARS.map((k) => [k, process.env[k]]));

afterEach(() => {
  resetEnv(saved);
});

describe("checkUpstreamUrl", () => {
  it.each([
    "https://api.example.com",
    "https://api.example.com/api_v2",
    "https://api.example.com:8443/",
    "http://127.0.0.1:3000",
    "http://127.0.0.5:3000",
    "http://localhost:3000",
    "http://[::1]:3000",
  ])("accepts %s", (url) => {
    expect(checkUpstreamUrl(url).href).toBe(new URL(url).href);
  });

  it.each([
    "http://api.example.com",
    "http://10.0.0.5:3000",
    "http://192.168.1.10",
    "http://localhost.evil.example",
    "http://127.0.0.1.nip.io",
    "ftp://api.example.com",
  ])("refuses %s", (url) => {
    expect(() => checkUpstreamUrl(url)).toThrow(UpstreamConfigError);
  });

  it("says what is wrong", () => {
    expect(() => checkUpstreamUrl("http://api.example.com/api_v2")).toThrow(
      "Upstream http://api.example.com must use https:// (plain http only on loopback)",
    );
  });

  it("refuses something that is no URL", () => {
    expect(() => checkUpstreamUrl("api.example.com")).toThrow();
  });
});

describe("upstreamFor", () => {
  it("is the embedded API on this server when nothing is configured", () => {
    resetEnv({ API_BASE_URL_TEST: undefined, API_BASE_URL_LIVE: undefined, HOST: "127.0.0.1" });
    resetEnv({ PORT: "3456" });
    expect(upstreamFor("test")).toEqual({ base: "http://127.0.0.1:3456", embedded: true });
    expect(upstreamFor("live")).toEqual({ base: "http://127.0.0.1:3456", embedded: true });
  });

  it.each([
    ["0.0.0.0", "http://127.0.0.1:3000"],
    ["::", "http://127.0.0.1:3000"],
    ["localhost", "http://127.0.0.1:3000"],
    ["::1", "http://[::1]:3000"],
    ["127.0.0.2", "http://127.0.0.2:3000"],
  ])("reaches the embedded API over loopback when HOST=%s", (host, base) => {
    resetEnv({ API_BASE_URL_TEST: undefined, HOST: host, PORT: "3000" });
    expect(upstreamFor("test")).toEqual({ base, embedded: true });
  });

  it.each([
    ["https://sandbox.example.com", "https://sandbox.example.com"],
    ["https://sandbox.example.com/", "https://sandbox.example.com"],
    ["https://sandbox.example.com/api_v2", "https://sandbox.example.com"],
    ["https://sandbox.example.com/api_v2/", "https://sandbox.example.com"],
    ["https://sandbox.example.com/staffing/api_v2", "https://sandbox.example.com/staffing"],
    ["http://127.0.0.1:4000/api_v2", "http://127.0.0.1:4000"],
  ])("API_BASE_URL_TEST=%s → base %s", (configured, base) => {
    resetEnv({ API_BASE_URL_TEST: configured });
    expect(upstreamFor("test")).toEqual({ base, embedded: false });
  });

  it("chooses the upstream by environment", () => {
    resetEnv({
      API_BASE_URL_TEST: "https://sandbox.example.com/api_v2",
      API_BASE_URL_LIVE: "https://api.example.com/api_v2",
    });
    expect(upstreamFor("test").base).toBe("https://sandbox.example.com");
    expect(upstreamFor("live").base).toBe("https://api.example.com");
  });

  it("leaves live on the embedded API when only the test upstream is configured", () => {
    resetEnv({ API_BASE_URL_TEST: "https://sandbox.example.com", API_BASE_URL_LIVE: undefined });
    expect(upstreamFor("live").embedded).toBe(true);
  });

  it("refuses a plain-http remote upstream", () => {
    resetEnv({ API_BASE_URL_LIVE: "http://api.example.com/api_v2" });
    expect(() => upstreamFor("live")).toThrow(UpstreamConfigError);
  });
});
