import { describe, expect, it } from "vitest";
import { inviteUserBodySchema, updateUserBodySchema, userWritableShape } from "./user";
import {
  fieldsOfSection,
  USER_FIELD_NAMES,
  USER_FIELDS,
  USER_READ_ONLY_FIELDS,
  USER_WRITABLE_FIELDS,
  type UserFieldSpec,
} from "./user-fields";

describe("the user field catalogue", () => {
  it("is what the write schemas accept, in the same order", () => {
    expect(Object.keys(userWritableShape)).toEqual(USER_WRITABLE_FIELDS);
    const updatable = Object.keys(updateUserBodySchema.shape);
    for (const f of USER_WRITABLE_FIELDS) expect(updatable).toContain(f);
    for (const f of USER_READ_ONLY_FIELDS) expect(updatable).not.toContain(f);
    // An invitation names the user's type ("Worker"), as the real service's does.
    const invitable = Object.keys(inviteUserBodySchema.shape);
    expect(USER_READ_ONLY_FIELDS.filter((f) => invitable.includes(f))).toEqual(["type"]);
  });

  it("names the interface's read-only fields", () => {
    expect(USER_READ_ONLY_FIELDS).toEqual(["id", "type", "rating", "updated_at"]);
  });

  it("gives every editable field a section and a label, and labels are distinct", () => {
    const specs = USER_FIELD_NAMES.map((f) => [f, USER_FIELDS[f] as UserFieldSpec] as const);
    for (const [f, spec] of specs) {
      expect(spec.label.length, f).toBeGreaterThan(0);
      if (spec.writable) expect(spec.section, f).toBeDefined();
      else expect(spec.section, f).toBeUndefined();
    }
    const labels = specs.map(([, s]) => s.label);
    expect(new Set(labels).size).toBe(labels.length);
    const sections = [
      "identity",
      "contact",
      "address",
      "location",
      "status",
      "onboarding",
      "profile",
    ];
    expect(sections.flatMap((s) => fieldsOfSection(s as never)).sort()).toEqual(
      [...USER_WRITABLE_FIELDS].sort(),
    );
  });

  it("keeps personal values out of the history and names each column once", () => {
    expect(
      USER_FIELD_NAMES.filter((f) => (USER_FIELDS[f] as UserFieldSpec).history === "masked"),
    ).toEqual(["dob", "ssn"]);
    const columns = USER_FIELD_NAMES.filter((f) => USER_FIELDS[f].json !== "badges").map(
      (f) => USER_FIELDS[f].column,
    );
    expect(new Set(columns).size).toBe(columns.length);
  });
});
