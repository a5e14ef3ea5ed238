/**
 * The one definition of "this machine" for the whole house: a socket address (from Node,
 * possibly IPv4-mapped IPv6) or a URL's hostname (IPv6 in brackets). Any 127.0.0.0/8 address,
 * ::1, and the name localhost.
 */
export function isLoopbackAddress(address: string | null | undefined): boolean {
  if (!address) return false;
  const a = address.replace(/^\[|\]$/g, "").replace(/^::ffff:/i, "");
  return a === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(a);
}

/** A URL hostname that names this machine: a loopback address or `localhost`. */
export function isLoopbackHost(hostname: string): boolean {
  return hostname.toLowerCase() === "localhost" || isLoopbackAddress(hostname);
}
