import { z } from "zod";

export const PUBLIC_KEY_PATTERN = /^pk_(test|live)_[A-Za-z0-9]{16,64}$/;
export const SECRET_KEY_PATTERN = /^sk_(test|live)_[A-Za-z0-9]{16,64}$/;

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
