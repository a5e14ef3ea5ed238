import { describe, expect, it } from "vitest";
import { accountKey } from "@/lib/portal/account-key";
import { personOf } from "./sign-in-person";

describe("the person a session keeps", () => {
  it("is /me's user, named, with a role the permission table knows", () => {
    const me = {
      company: { id: 1, name: "Demo Staffing Co" },
      pool: "private",
      user: {
        id: 812,
        first_name: "Dana",
        last_name: "Lee",
        email: "dana@example.com",
        role: "customer_admin",
        title: "Operations manager",
      },
    };
    expect(personOf(me)).toEqual({
      id: 812,
      name: "Dana Lee",
      email: "dana@example.com",
      role: "customer_admin",
    });
  });

  it.each([
    ["a key pair's /me", { company: { id: 1 }, pool: "private", user: null }],
    ["an unknown role", { user: { id: 1, email: "a@b.co", role: "owner" } }],
    ["no id", { user: { email: "a@b.co", role: "requestor" } }],
    ["not an object", "nobody"],
  ])("is none for %s", (_, me) => {
    expect(personOf(me)).toBeNull();
  });

  it("is named by the address when the names are blank", () => {
    expect(
      personOf({ user: { id: 3, first_name: " ", email: "x@y.io", role: "read_only" } })?.name,
    ).toBe("x@y.io");
  });
});

describe("whose browser-kept views these are", () => {
  it("is the company for a key pair, and the person within it for a person", () => {
    const company = { environment: "test" as const, companyName: "Demo" };
    expect(accountKey({ ...company, person: null })).toBe("test:Demo");
    expect(
      accountKey({
        ...company,
        person: { id: 7, name: "Dana Lee", email: "d@x.io", role: "requestor" },
      }),
    ).toBe("test:Demo:person:7");
  });
});
