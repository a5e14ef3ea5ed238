import { describe, expect, it } from "vitest";
import { redact, redactPath } from "./log";

describe("redactPath", () => {
  it("hides the values of secret query parameters, however their names are spelled", () => {
    expect(redactPath("/api_v2/users?token=abc123&per=5")).toBe(
      "/api_v2/users?token=[REDACTED]&per=5",
    );
    expect(redactPath("/api_v2/users?per=5&tok%65n=abc123")).toBe(
      "/api_v2/users?per=5&tok%65n=[REDACTED]",
    );
    expect(redactPath("/api_v2/authenticate?api_key=pk_test_1&secret_key=sk_test_2")).toBe(
      "/api_v2/authenticate?api_key=pk_test_1&secret_key=[REDACTED]",
    );
    expect(redactPath("/x?TOKEN=a&token=b&Password=c")).toBe(
      "/x?TOKEN=[REDACTED]&token=[REDACTED]&Password=[REDACTED]",
    );
    expect(redactPath("/x?%E0%A4%A=1&token")).toBe("/x?%E0%A4%A=1&token=[REDACTED]");
  });

  it("leaves a path without secrets as it was", () => {
    expect(redactPath("/api_v2/users?q=ada%20l&per=5")).toBe("/api_v2/users?q=ada%20l&per=5");
    expect(redactPath("/workers/12")).toBe("/workers/12");
  });
});

describe("redact", () => {
  it("keeps a JSON log line valid when the token is the last query parameter", () => {
    const line = redact(JSON.stringify({ msg: "x", url: "http://h/api_v2/me?token=abc", n: 1 }));
    expect(JSON.parse(line)).toEqual({
      msg: "x",
      url: "http://h/api_v2/me?token=[REDACTED]",
      n: 1,
    });
  });

  it("hides a worker's SSN and date of birth, as JSON fields, in logged JSON text and in query strings", () => {
    const user = { id: 7, ssn: "123-45-6789", dob: "1990-05-17", city: "Oakland" };
    const line = redact(
      JSON.stringify({
        msg: "x",
        user,
        body: JSON.stringify(user),
        url: "/api_v2/users?ssn=123456789&dob=1990-05-17&per=5",
        empty: { ssn: null },
      }),
    );
    expect(line).not.toMatch(/6789|1990|05-17/);
    expect(JSON.parse(line)).toEqual({
      msg: "x",
      user: { id: 7, ssn: "[REDACTED]", dob: "[REDACTED]", city: "Oakland" },
      body: JSON.stringify({ id: 7, ssn: "[REDACTED]", dob: "[REDACTED]", city: "Oakland" }),
      url: "/api_v2/users?ssn=[REDACTED]&dob=[REDACTED]&per=5",
      empty: { ssn: null },
    });
    expect(redactPath("/x?SSN=123456789&q=a")).toBe("/x?SSN=[REDACTED]&q=a");
  });

  it("hides passwords (new, current and confirmation) as JSON fields and in query strings", () => {
    const body = { email: "a@example.com", password: "hunter22!", current_password: "old-one-1" };
    const line = redact(
      JSON.stringify({
        msg: "x",
        body,
        text: JSON.stringify({ password_confirmation: "hunter22!" }),
        url: "/api_v2/authenticate?email=a%40example.com&password=hunter22!&password_confirmation=x",
      }),
    );
    expect(line).not.toMatch(/hunter22|old-one/);
    expect(JSON.parse(line)).toEqual({
      msg: "x",
      body: { email: "a@example.com", password: "[REDACTED]", current_password: "[REDACTED]" },
      text: JSON.stringify({ password_confirmation: "[REDACTED]" }),
      url: "/api_v2/authenticate?email=a%40example.com&password=[REDACTED]&password_confirmation=[REDACTED]",
    });
    expect(redactPath("/x?current_password=a&password_confirmation=b&q=c")).toBe(
      "/x?current_password=[REDACTED]&password_confirmation=[REDACTED]&q=c",
    );
  });

  it("hides secret keys and bearer tokens anywhere in a line", () => {
    expect(redact("key sk_test_AbC-123 and Bearer xyz.abc")).toBe(
      "key sk_[REDACTED] and Bearer [REDACTED]",
    );
  });
});
