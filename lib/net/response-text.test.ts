import { describe, expect, it } from "vitest";
import { knownText, textResponse } from "@/lib/net/response-text";

describe("textResponse", () => {
  const text = JSON.stringify({ users: [{ first_name: "Léa", last_name: "Nguyễn" }], total: 1 });
  const init = { status: 201, headers: { "content-type": "application/json; charset=utf-8" } };

  it("is an ordinary Response to any reader: status, headers, the body as UTF-8", async () => {
    const res = textResponse(text, init);
    expect(res.status).toBe(201);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(await res.json()).toEqual(JSON.parse(text));
  });

  it("gives its text to knownText until the body is read", async () => {
    const res = textResponse(text, init);
    expect(knownText(res)).toBe(text);
    await res.arrayBuffer();
    expect(knownText(res)).toBeUndefined();
  });

  it("knows nothing of a Response made another way, or rebuilt from one", () => {
    expect(knownText(new Response(text, init))).toBeUndefined();
    const original = textResponse(text, init);
    expect(knownText(new Response(original.body, init))).toBeUndefined();
  });
});
