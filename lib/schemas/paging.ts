/**
 * The page cap, once: the real service never returns more than 50 records a page, and
 * neither do we. The query schema, the OpenAPI text, the portal's list hooks and its
 * fetch-every-page helpers all read it from here.
 */
export const MAX_PAGE_SIZE = 50;
