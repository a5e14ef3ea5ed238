import { z } from "zod";

/** Credentials as the sign-in form and /authenticate receive them. */
export const authenticateBodySchema = z.object({
  api_key: z.string().trim().min(1, "can't be blank").max(200),
  secret_key: z.string().trim().min(1, "can't be blank").max(200),
});
export type AuthenticateBody = z.output<typeof authenticateBodySchema>;

export function environmentOfKey(key: string): "test" | "live" | null {
  const m = key.match(/^[ps]k_(test|live)_/);
  return (m?.[1] as "test" | "live" | undefined) ?? null;
}

/**
 * What is plainly wrong with a key pair before anyone is asked: keys in each other's fields, a
 * secret key where the API key goes (or the other way), halves from two environments. Field
 * messages, as the sign-in form shows them; empty when nothing is plainly wrong.
 */
export function keyPairProblems(apiKey: string, secretKey: string): Record<string, string[]> {
  const a = apiKey.trim();
  const s = secretKey.trim();
  if (a.startsWith("sk_") && s.startsWith("pk_")) {
    return {
      api_key: [
        "is the secret key: the two keys are in each other's fields (the API key starts with pk_)",
      ],
      secret_key: [
        "is the API key: the two keys are in each other's fields (the secret key starts with sk_)",
      ],
    };
  }
  const problems: Record<string, string[]> = {};
  if (a.startsWith("sk_"))
    problems.api_key = ["is a secret key (sk_…): the API key starts with pk_"];
  if (s.startsWith("pk_"))
    problems.secret_key = ["is an API key (pk_…): the secret key starts with sk_"];
  const ae = environmentOfKey(a);
  const se = environmentOfKey(s);
  if (!problems.api_key && !problems.secret_key && ae && se && ae !== se) {
    problems.secret_key = [
      `is a ${se} key and the API key a ${ae} key: both halves come from the same environment`,
    ];
  }
  return problems;
}

/** The sign-in form: the API's body rule, plus the plain mistakes above said at once. */
export const signInFormSchema = authenticateBodySchema.superRefine((v, ctx) => {
  for (const [field, messages] of Object.entries(keyPairProblems(v.api_key, v.secret_key))) {
    for (const message of messages) ctx.addIssue({ code: "custom", path: [field], message });
  }
});
