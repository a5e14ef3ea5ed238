import fc from "fast-check";

/**
 * Hostile values, shared by the API and portal fuzz tests: text that breaks naive code (NUL,
 * lone surrogates, right-to-left overrides, combining marks, emoji, SQL and LIKE wildcards,
 * prototype keys), numbers at the edges, numbers written as strings and strings as numbers,
 * and JSON text that JSON.stringify cannot write (duplicate and `__proto__` keys, deep nesting).
 */

export const PROTO_KEYS = ["__proto__", "constructor", "prototype"] as const;

export const EDGE_STRINGS = [
  "",
  " ",
  "   \t\n ",
  "\u0000",
  "a\u0000b",
  "\u0000\u0000\u0000",
  "\ud800",
  "\udfff",
  "x\ud83dy",
  "\udc00\ud800",
  "\u202eevil\u202c",
  "\u200f\u200e\u200b\u2060",
  "\ufeffbom",
  "\ufffe\uffff",
  "e\u0301\u0302\u0303\u0304\u0305",
  "Z\u0335\u0327\u031b\u0336a\u0334l\u0338g\u0336o\u0335",
  "👩‍👩‍👧‍👦🏳️‍🌈🇺🇸",
  "😀".repeat(60),
  "\u2028\u2029",
  "\ufdfd",
  "𝕏𝔸𝕄",
  "İı",
  "ß",
  "\u00a0",
  "\r\n\r\n",
  "null",
  "undefined",
  "true",
  "false",
  "NaN",
  "Infinity",
  "-Infinity",
  "-0",
  "1e309",
  "0x10",
  "٣",
  "１２３",
  "%",
  "_",
  "\\",
  "%_\\%",
  "100%_done\\",
  "' or '1'='1",
  "'; drop table users; --",
  '"; select pg_sleep(0); --',
  "$1",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: template syntax sent as data is the point
  "${process}",
  "{{7*7}}",
  "<script>alert(1)</script>",
  "../../../etc/passwd",
  "..%2F..%2F",
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "hasOwnProperty",
  "valueOf",
  "[object Object]",
  "Worker",
  "worker",
  "WORKER",
];

export const NUMERIC_STRINGS = [
  "0",
  "-1",
  "1",
  "01",
  "1.0",
  "1.5",
  " 1 ",
  "+1",
  "1e3",
  "0x10",
  "0b11",
  "1_000",
  "99999999999999999999",
  "2147483647",
  "2147483648",
  "9007199254740993",
  "-2147483649",
  "NaN",
  "Infinity",
  "1,2",
  "١",
];

export const EDGE_NUMBERS = [
  0,
  -0,
  1,
  -1,
  0.5,
  -0.000001,
  1e-7,
  12.34567891,
  90,
  90.0000001,
  -180,
  180.1,
  2147483647,
  2147483648,
  -2147483649,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  1e21,
  1e308,
  -1e308,
  5e-324,
];

/** A string of one of the sizes that cross a limit somewhere (255, 1000, 2048, 64 KiB). */
export const sizedString = (): fc.Arbitrary<string> =>
  fc
    .tuple(
      fc.constantFrom(101, 201, 256, 1001, 2049, 10_000, 65_536, 300_000),
      fc.constantFrom("a", "é", "😀", "\u0000", "%", " ", "9"),
    )
    .map(([n, c]) => c.repeat(Math.ceil(n / c.length)));

// Arbitraries are built once: fast-check precomputes tables for some (a string over all of
// Unicode holds a map of every code point), which would be rebuilt for every request otherwise.
const once = <T>(build: () => T): (() => T) => {
  let made: T | undefined;
  return () => {
    made ??= build();
    return made;
  };
};

export const hostileString: () => fc.Arbitrary<string> = once(() =>
  fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...EDGE_STRINGS) },
    { weight: 2, arbitrary: fc.constantFrom(...NUMERIC_STRINGS) },
    { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
    { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 20 }) },
    // Any UTF-16 code unit, lone surrogates included. (unit: "binary" would do too, but builds a
    // map of every code point when constructed: seconds on this machine.)
    {
      weight: 2,
      arbitrary: fc.string({
        unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)),
        maxLength: 20,
      }),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.constantFrom(...EDGE_STRINGS), fc.string({ maxLength: 8 }))
        .map(([a, b]) => `${b}${a}${b}`),
    },
    { weight: 1, arbitrary: sizedString() },
  ),
);

export const hostileNumber: () => fc.Arbitrary<number> = once(() =>
  fc.oneof(
    fc.constantFrom(...EDGE_NUMBERS),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
  ),
);

/** Any JSON value, leaning to the hostile; keys include prototype names and odd text. */
export const hostileJson: () => fc.Arbitrary<unknown> = once(
  () =>
    fc.letrec<{ value: unknown }>((tie) => ({
      value: fc.oneof(
        { depthSize: "small", withCrossShrink: true },
        fc.constant(null),
        fc.boolean(),
        hostileNumber(),
        hostileString(),
        fc.array(tie("value"), { maxLength: 4 }),
        fc.dictionary(fc.oneof(hostileString(), fc.constantFrom(...PROTO_KEYS)), tie("value"), {
          maxKeys: 4,
        }),
      ),
    })).value,
);

/**
 * JSON text of an object with extra members spliced in, which JSON.stringify cannot write:
 * `"__proto__"` keys and duplicate keys (the later one wins in JSON.parse). `extra` members
 * go first, `after` members last.
 */
export function objectText(
  obj: Record<string, unknown>,
  extra: [string, string][] = [],
  after: [string, string][] = [],
): string {
  const members = [
    ...extra.map(([k, v]) => `${JSON.stringify(k)}:${v}`),
    ...Object.entries(obj).map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v) ?? "null"}`),
    ...after.map(([k, v]) => `${JSON.stringify(k)}:${v}`),
  ];
  return `{${members.join(",")}}`;
}

/** Members that try to pollute prototypes, as JSON text. */
export const POLLUTERS: [string, string][] = [
  ["__proto__", '{"polluted":"yes","isAdmin":true,"pool":"private"}'],
  ["constructor", '{"prototype":{"polluted":"yes"}}'],
  ["prototype", '{"polluted":"yes"}'],
  ["__proto__", '[{"polluted":"yes"}]'],
  ["__proto__", "null"],
  ["__proto__", '"polluted"'],
];

/** `levels` nested arrays or objects around a value, as text (JSON.stringify would recurse). */
export function deepText(levels: number, kind: "array" | "object" | "mixed", inner = "1"): string {
  if (kind === "array") return `${"[".repeat(levels)}${inner}${"]".repeat(levels)}`;
  if (kind === "object") return `${'{"a":'.repeat(levels)}${inner}${"}".repeat(levels)}`;
  let open = "";
  let close = "";
  for (let i = 0; i < levels; i++) {
    if (i % 2) {
      open += "[";
      close = `]${close}`;
    } else {
      open += '{"user":';
      close = `}${close}`;
    }
  }
  return `${open}${inner}${close}`;
}

/** Not JSON, or JSON that is not an object. */
export const BROKEN_JSON = [
  "{",
  "}",
  "{]",
  '{"a":1,}',
  "{'a':1}",
  '{"a":01}',
  '{"a":NaN}',
  '{"a":Infinity}',
  '{"a":undefined}',
  '{"external_id": wonolotest1}',
  '{"a":1}{"b":2}',
  '{"a":1} trailing',
  '{"a":"\\x41"}',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '{"a":"unterminated',
  "/* comment */{}",
  "[]",
  "[{}]",
  "null",
  "true",
  "0",
  '"string"',
  "1e999",
  '{"a":1e999}',
  '{"a":-0}',
  '{"":""}',
  "\ufeff{}",
  "\u0000",
  "   ",
];

/** A multipart/form-data body and its content type. */
export function multipart(fields: Record<string, unknown>): { body: string; type: string } {
  const boundary = "----fuzzboundary7MA4YWxkTrZu0gW";
  const parts = Object.entries(fields).map(
    ([k, v]) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${typeof v === "string" ? v : JSON.stringify(v)}\r\n`,
  );
  return {
    body: `${parts.join("")}--${boundary}--\r\n`,
    type: `multipart/form-data; boundary=${boundary}`,
  };
}

/** Form-encoded text of an object's members (non-strings as their JSON). */
export function formText(fields: Record<string, unknown>): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(fields))
    p.append(k, typeof v === "string" ? v : (JSON.stringify(v) ?? ""));
  return p.toString();
}

/** Bytes that are not valid UTF-8 (overlong, truncated, stray continuation, surrogate halves). */
export const INVALID_UTF8: number[][] = [
  [0xff, 0xfe, 0x7b, 0x7d],
  [0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc0, 0xaf, 0x22, 0x7d],
  [0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xe0, 0x80, 0x22, 0x7d],
  [0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x7d],
  [
    0x7b, 0x22, 0x66, 0x69, 0x72, 0x73, 0x74, 0x5f, 0x6e, 0x61, 0x6d, 0x65, 0x22, 0x3a, 0x22, 0x80,
    0x22, 0x7d,
  ],
  [0xf8, 0x88, 0x80, 0x80, 0x80],
];

/** Header values: only Latin-1 without control characters can be sent at all. */
export const headerSafe = (s: string): string => s.replace(/[^\t\x20-\x7e\x80-\xff]/g, "?");

/** Query and path text that exercises decoding: well-formed percent escapes only. */
export const PATH_SEGMENTS = [
  "-1",
  "0",
  "00",
  "01",
  "1e3",
  "0x10",
  "1.0",
  "1.5",
  "+1",
  "%201",
  "1%20",
  "99999999999999999999",
  "2147483648",
  "2147483647",
  "4294967297",
  "%00",
  "1%00",
  "..%2F",
  "..%2F..%2Fetc%2Fpasswd",
  "%2e%2e",
  "%2F",
  "%5C",
  "%C3%BC",
  "%D9%A3",
  "%EF%BC%91",
  "%F0%9F%98%80",
  "%E2%80%AE1",
  "%EF%BB%BF1",
  "null",
  "undefined",
  "NaN",
  "__proto__",
  "constructor",
  "%5Bobject%20Object%5D",
  "1;2",
  "1,2",
  "1'",
  "1%27%20or%20%271%27%3D%271",
  "a".repeat(300),
];
