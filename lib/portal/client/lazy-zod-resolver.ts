import type { FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod";
import { loadOnce } from "@/lib/portal/client/load-once";

const loadZodResolver = loadOnce(() => import("@hookform/resolvers/zod"));

/**
 * The form's zod schema as its resolver, loaded on the form's first validation (its first
 * submit) instead of with the page: zod and the schema are most of a small form's script, and
 * the first paint needs neither. `load` must import the schema's module with `import()`: a
 * static import of it would put zod back into the page's first load.
 */
export function lazyZodResolver<Input extends FieldValues, Output = Input>(
  load: () => Promise<z.ZodType<Output, Input>>,
): Resolver<Input, unknown, Output> {
  const ready = loadOnce(async () => {
    const [schema, { zodResolver }] = await Promise.all([load(), loadZodResolver()]);
    return zodResolver(schema) as Resolver<Input, unknown, Output>;
  });
  return async (values, context, options) => (await ready())(values, context, options);
}
