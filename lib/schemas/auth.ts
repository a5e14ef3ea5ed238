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
