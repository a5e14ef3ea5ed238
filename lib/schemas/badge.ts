import { z } from "zod";
import { boolish, pagingQuery, requiredText, url, withoutBlank } from "./common";

export const createBadgeBodySchema = z.object({
  name: requiredText(100),
  description: requiredText(1000),
  info_url: url().optional(),
  icon_url: url().optional(),
  is_soft: boolish().optional(),
});
export type CreateBadgeBody = z.output<typeof createBadgeBodySchema>;

export const updateBadgeBodySchema = createBadgeBodySchema.partial();
export type UpdateBadgeBody = z.output<typeof updateBadgeBodySchema>;

export const listBadgesQuerySchema = z.preprocess(
  withoutBlank,
  z.object({ ...pagingQuery, query: z.string().max(200, "is too long").optional() }),
);

/** DELETE /badges/:id: `remove_from_workers=true` (our addition) takes it from its holders too. */
export const deleteBadgeQuerySchema = z.preprocess(
  withoutBlank,
  z.object({ remove_from_workers: boolish().optional() }),
);
