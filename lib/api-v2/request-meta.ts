import { env } from "@/lib/env";
import { isLoopbackAddress } from "@/lib/net/loopback";
import { CLIENT_IP_HEADER, PROTO_HEADER } from "@/lib/net/trusted-headers";

function effectiveScheme(req: Request): "http" | "https" {
  const set = req.headers.get(PROTO_HEADER);
  if (set === "https" || set === "http") return set;
  if (env().TRUST_PROXY) {
    const fwd = req.headers.get("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase();
    if (fwd === "https" || fwd === "http") return fwd;
  }
  return new URL(req.url).protocol === "https:" ? "https" : "http";
}

export function clientAddress(req: Request): string | null {
  return req.headers.get(CLIENT_IP_HEADER);
}

/** Plain HTTP is refused except from loopback where the deployment allows it. */
export function transportAllowed(req: Request): boolean {
  if (effectiveScheme(req) === "https") return true;
  return env().ALLOW_HTTP_LOOPBACK && isLoopbackAddress(clientAddress(req));
}
