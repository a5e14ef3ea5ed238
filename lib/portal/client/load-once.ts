/**
 * A lazily imported chunk, asked for once and shared by every caller; a chunk that failed to
 * load (a dropped connection) is asked for again on the next call instead of failing forever.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    pending ??= load().catch((err: unknown) => {
      pending = null;
      throw err;
    });
    return pending;
  };
}
