/**
 * A JSON answer made in this process remembers its text, so that whoever reads it in this
 * process (the portal's embedded upstream, the server writing it to the socket) takes the string
 * instead of reading the Web Response's body back out of a stream. A proxied list page (~100 kB)
 * went through a body stream three times (API → portal → socket), each encoding or decoding all
 * of it: ~15 % of a proxied request's CPU in the benchmark's profile (issue 13).
 *
 * The Response still carries its body as usual (Next, under `npm run dev`, and any other reader
 * see an ordinary Response); a Response copied or rebuilt loses the note and is read normally.
 * On globalThis: the server's bundle and Next's compiled routes are separate module graphs.
 */
const KEY = Symbol.for("employer-portal.response-text");
type Holder = { [KEY]?: WeakMap<Response, string> };

const holder = globalThis as Holder;
holder[KEY] ??= new WeakMap<Response, string>();
const texts = holder[KEY];

const encoder = new TextEncoder();

/**
 * A Response whose body is `text`, remembered for knownText. The body is encoded only if it is
 * read as a stream (a string given to Response is first checked character by character and
 * encoded whole: measurable on a 100 kB page, and wasted when knownText answers).
 */
export function textResponse(text: string, init: ResponseInit): Response {
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      controller.enqueue(encoder.encode(text));
      controller.close();
    },
  });
  const res = new Response(body, init);
  texts.set(res, text);
  return res;
}

/** The text a Response was made with in this process, if it is unread and remembered. */
export function knownText(res: Response): string | undefined {
  return res.bodyUsed ? undefined : texts.get(res);
}
