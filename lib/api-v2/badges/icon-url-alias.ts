/**
 * The reference documents the badge's icon as `badge[remote_icon_url]` on write, while its guide
 * sends `icon_url` (the name every response uses). Both are taken; `icon_url` wins when a body
 * has the two.
 */
export function withIconUrlAlias(body: Record<string, unknown>): Record<string, unknown> {
  if (!("remote_icon_url" in body)) return body;
  const { remote_icon_url, ...rest } = body;
  return "icon_url" in rest ? rest : { ...rest, icon_url: remote_icon_url };
}
