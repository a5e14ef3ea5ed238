import { describe, expect, it } from "vitest";
import { keyPairProblems, signInFormSchema } from "./auth";

describe("keyPairProblems: what the sign-in form says before asking anyone", () => {
  it("finds nothing wrong with a well-formed pair of one environment", () => {
    expect(keyPairProblems("pk_test_abc", "sk_test_def")).toEqual({});
    expect(keyPairProblems("pk_live_abc", "sk_live_def")).toEqual({});
    // Unknown shapes are the API's to judge, not a plain mistake.
    expect(keyPairProblems("abc", "def")).toEqual({});
  });

  it("says the keys are in each other's fields", () => {
    const p = keyPairProblems("sk_test_def", "pk_test_abc");
    expect(p.api_key?.[0]).toMatch(/^is the secret key: the two keys are in each other's fields/);
    expect(p.secret_key?.[0]).toMatch(/^is the API key: the two keys are in each other's fields/);
  });

  it("says which half is the wrong kind of key", () => {
    expect(keyPairProblems("sk_test_a", "sk_test_b")).toEqual({
      api_key: ["is a secret key (sk_…): the API key starts with pk_"],
    });
    expect(keyPairProblems("pk_test_a", "pk_test_b")).toEqual({
      secret_key: ["is an API key (pk_…): the secret key starts with sk_"],
    });
  });

  it("says the halves come from two environments", () => {
    expect(keyPairProblems("pk_live_a", "sk_test_b").secret_key?.[0]).toBe(
      "is a test key and the API key a live key: both halves come from the same environment",
    );
  });

  it("the form schema reports them on their fields; the API's body rule is unchanged", () => {
    const r = signInFormSchema.safeParse({ api_key: " sk_test_x ", secret_key: "pk_test_y" });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.path[0]).sort()).toEqual(["api_key", "secret_key"]);
  });
});
