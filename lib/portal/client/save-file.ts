/**
 * Saving a file the page made (or read itself) in the browser, and the file name a server
 * suggested. `fileNameFrom` is pure; `saveBlob` needs a document.
 */

/** The file name from `Content-Disposition: attachment; filename="…"` (or `filename*=UTF-8''…`). */
export function fileNameFrom(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (star?.[1]) {
    try {
      return sanitize(decodeURIComponent(star[1].trim())) || fallback;
    } catch {
      // Not valid percent-encoding: try the plain parameter.
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;\s]+))/.exec(disposition);
  return sanitize(plain?.[1] ?? plain?.[2] ?? "") || fallback;
}

/** No folders and no control characters in a suggested name. */
const sanitize = (name: string) =>
  name
    .replace(/[/\\]/g, "_")
    .replace(/\p{Cc}/gu, "")
    .trim();

/** Hands a blob to the browser's download (a temporary object URL and `<a download>`). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  // The download has its own copy once it started; give slow browsers a moment anyway.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
