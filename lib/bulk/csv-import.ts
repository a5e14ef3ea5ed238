import type { CountryCode } from "libphonenumber-js";
import Papa from "papaparse";
import { readPhone } from "@/lib/schemas/phone";
import {
  coordinatePairErrors,
  type InviteUserBody,
  inviteUserBodySchema,
} from "@/lib/schemas/user";
import { userFieldLabels } from "@/lib/schemas/user-fields";

/**
 * Bulk invite from a spreadsheet: parse (papaparse), map headers to fields, validate every row
 * with the invite schema the API itself uses, and find duplicates inside the file. Pure and
 * synchronous per chunk, so the browser can run it in slices and the operator command in one go.
 */

export const IMPORT_FIELDS = [
  "first_name",
  "last_name",
  "email",
  "phone",
  "external_id",
  "address",
  "city",
  "address_state",
  "zip",
  "latitude",
  "longitude",
  "home_latitude",
  "home_longitude",
  "badges",
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];
/** The fields of the user object a column fills (badges are given to the worker afterwards). */
type UserImportField = Exclude<ImportField, "badges">;
export const REQUIRED_FIELDS: readonly ImportField[] = [
  "first_name",
  "last_name",
  "email",
  "phone",
];

export const FIELD_LABELS: Record<ImportField, string> = {
  ...userFieldLabels(IMPORT_FIELDS.filter((f): f is UserImportField => f !== "badges")),
  badges: "Badges",
};

/** Spellings seen in real spreadsheets, compared lower-cased with everything but a–z/0–9 removed. */
const SYNONYMS: Record<ImportField, string[]> = {
  first_name: ["firstname", "first", "givenname", "forename", "fname", "name1"],
  last_name: ["lastname", "last", "surname", "familyname", "lname", "name2"],
  email: ["email", "emailaddress", "mail", "workemail", "personalemail", "emailid"],
  phone: [
    "phone",
    "phonenumber",
    "phoneno",
    "mobile",
    "mobilephone",
    "mobilenumber",
    "mobileno",
    "cell",
    "cellphone",
    "cellnumber",
    "telephone",
    "tel",
  ],
  external_id: [
    "externalid",
    "employeeid",
    "employeenumber",
    "employeeno",
    "staffid",
    "workerid",
    "payrollid",
    "hrid",
  ],
  address: [
    "address",
    "street",
    "streetaddress",
    "address1",
    "addressline1",
    "streetline1",
    "line1",
  ],
  city: ["city", "town"],
  address_state: ["state", "addressstate", "province", "region", "st"],
  zip: ["zip", "zipcode", "postcode", "postalcode"],
  latitude: [
    "lat",
    "currentlatitude",
    "currentlat",
    "locationlatitude",
    "locationlat",
    "gpslatitude",
    "gpslat",
  ],
  longitude: [
    "lng",
    "lon",
    "long",
    "currentlongitude",
    "currentlng",
    "currentlon",
    "locationlongitude",
    "locationlng",
    "gpslongitude",
    "gpslng",
  ],
  home_latitude: ["homelat", "residencelatitude", "homegpslatitude", "homelocationlatitude"],
  home_longitude: [
    "homelng",
    "homelon",
    "homelong",
    "residencelongitude",
    "homegpslongitude",
    "homelocationlongitude",
  ],
  badges: [
    "badge",
    "badgenames",
    "userbadges",
    "skills",
    "certifications",
    "certificates",
    "qualifications",
    "tags",
  ],
};

const squash = (h: string) => h.toLowerCase().replace(/[^a-z0-9]/g, "");

/** Header index → field (or null: not imported). The first header that matches a field takes it. */
export function guessMapping(headers: readonly string[]): (ImportField | null)[] {
  const taken = new Set<ImportField>();
  return headers.map((h) => {
    const s = squash(h);
    const field = IMPORT_FIELDS.find(
      (f) => !taken.has(f) && (s === f.replace(/_/g, "") || SYNONYMS[f].includes(s)),
    );
    if (!field) return null;
    taken.add(field);
    return field;
  });
}

export function missingRequired(mapping: readonly (ImportField | null)[]): ImportField[] {
  return REQUIRED_FIELDS.filter((f) => !mapping.includes(f));
}

export type ParsedCsv = {
  headers: string[];
  /** Data records with their spreadsheet row number (the header is row 1); blank rows are left out. */
  records: { row: number; cells: string[] }[];
};

/** CSV or tab-separated text (pasted from a spreadsheet): BOM, CRLF, quotes and blank lines handled. */
export function parseCsv(text: string): ParsedCsv {
  const clean = text.replace(/^\uFEFF/, "");
  const firstLine = clean.slice(0, clean.search(/\r?\n/) >>> 0);
  const delimiter = firstLine.includes("\t") && !firstLine.includes(",") ? "\t" : ",";
  const { data } = Papa.parse<string[]>(clean, { delimiter, skipEmptyLines: false });
  const [head = [], ...rest] = data;
  const headers = head.map((h) => h.trim());
  const records: ParsedCsv["records"] = [];
  rest.forEach((cells, i) => {
    if (cells.every((c) => c.trim() === "")) return;
    records.push({ row: i + 2, cells });
  });
  return { headers, records };
}

/**
 * A phone as a spreadsheet holds it: international ("+1 415-555-0100") or national for the
 * default country ("(415) 555-0100", "415.555.0100", "1-415-555-0100"), to E.164; the raw text
 * when it cannot be read (an extension included: the shared phone rule refuses it), so the
 * schema reports it.
 */
export function normalizeImportPhone(raw: string, defaultCountry: CountryCode = "US"): string {
  const t = raw.trim();
  if (!t) return t;
  const r = readPhone(t, defaultCountry);
  return r.ok ? r.e164 : t;
}

export type RowCheck = {
  row: number;
  values: Partial<Record<ImportField, string>>;
  /** The body to send when the row is valid. */
  body: InviteUserBody | null;
  /** The company's badges the row names (ids), given to the worker after the invite. */
  badgeIds: string[];
  /** Field → messages: schema errors and duplicates inside the file. */
  errors: Partial<Record<ImportField, string[]>>;
};

const emailKey = (v: string | undefined) => v?.trim().toLowerCase() || null;

function addError(errors: RowCheck["errors"], field: ImportField, message: string) {
  const list = errors[field] ?? [];
  list.push(message);
  errors[field] = list;
}

/** A badge of the company, as the badges list gives it. */
export type KnownBadge = { id: string | number; name: string };
/** The company's badges by name, compared trimmed and lower-cased. */
export type BadgeIndex = ReadonlyMap<string, string>;

const badgeKey = (name: string) => name.trim().toLocaleLowerCase("en");

export function badgeIndex(badges: readonly KnownBadge[]): BadgeIndex {
  const index = new Map<string, string>();
  for (const b of badges)
    if (!index.has(badgeKey(b.name))) index.set(badgeKey(b.name), String(b.id));
  return index;
}

/** A cell of badge names ("Forklift; First aid | CPR"), each once, in the order written. */
export function splitBadgeNames(cell: string): string[] {
  const out = new Map<string, string>();
  for (const part of cell.split(/[;|]/)) {
    const name = part.trim();
    if (name && !out.has(badgeKey(name))) out.set(badgeKey(name), name);
  }
  return [...out.values()];
}

/** The badges a cell names: their ids, or the message for the names the company has none of. */
function readBadges(cell: string, index: BadgeIndex): { ids: string[]; error: string | null } {
  const ids: string[] = [];
  const unknown: string[] = [];
  for (const name of splitBadgeNames(cell)) {
    const id = index.get(badgeKey(name));
    if (id === undefined) unknown.push(`“${name}”`);
    else if (!ids.includes(id)) ids.push(id);
  }
  if (unknown.length === 0) return { ids, error: null };
  return {
    ids,
    error: `${unknown.length === 1 ? "unknown badge" : "unknown badges"} ${unknown.join(", ")}: not among your company’s badges`,
  };
}

/** Validates records [from, to) — call in slices to keep a page responsive. */
export function checkRows(
  parsed: ParsedCsv,
  mapping: readonly (ImportField | null)[],
  opts: {
    defaultCountry?: CountryCode;
    seen?: DuplicateIndex;
    from?: number;
    to?: number;
    /** The company's badges (badgeIndex); a badge column names only these. */
    badges?: BadgeIndex;
  } = {},
): RowCheck[] {
  const seen = opts.seen ?? newDuplicateIndex();
  const badges = opts.badges ?? new Map<string, string>();
  const out: RowCheck[] = [];
  const to = Math.min(opts.to ?? parsed.records.length, parsed.records.length);
  for (let i = opts.from ?? 0; i < to; i++) {
    const rec = parsed.records[i]!;
    const values: Partial<Record<ImportField, string>> = {};
    mapping.forEach((field, col) => {
      const v = rec.cells[col]?.trim() ?? "";
      if (field && v !== "") values[field] = v;
    });
    const { badges: badgeCell, ...fields } = values;
    const input: Record<string, unknown> = { type: "Worker", ...fields };
    const phone = values.phone ? readPhone(values.phone, opts.defaultCountry ?? "US") : null;
    if (values.phone) input.phone = phone?.ok ? phone.e164 : values.phone;
    const result = inviteUserBodySchema.safeParse(input);
    const errors: RowCheck["errors"] = {};
    if (!result.success) {
      for (const issue of result.error.issues) {
        const field = issue.path[0] as ImportField;
        // A national number is allowed here: the reading for the file's country says why
        // this one is refused, where the API's rule would only ask for a "+".
        if (field === "phone" && phone && !phone.ok) {
          if (!errors.phone?.includes(phone.message)) addError(errors, field, phone.message);
        } else addError(errors, field, issue.message);
      }
    }
    // Each coordinate pair is given whole, as the API requires (its rule runs after the schema).
    for (const [field, msgs] of Object.entries(
      coordinatePairErrors(
        {
          latitude: values.latitude ?? null,
          longitude: values.longitude ?? null,
          home_latitude: values.home_latitude ?? null,
          home_longitude: values.home_longitude ?? null,
        },
        Object.keys(errors),
      ),
    ))
      for (const m of msgs) addError(errors, field as ImportField, m);
    const read = badgeCell ? readBadges(badgeCell, badges) : { ids: [], error: null };
    if (read.error) addError(errors, "badges", read.error);
    const body = result.success ? result.data : null;
    // Duplicates inside the file: the later row names the first.
    const e = emailKey(body?.email ?? values.email);
    const p = body?.phone ?? null;
    const x = values.external_id?.trim() || null;
    const dupe = (
      map: Map<string, number>,
      key: string | null,
      field: ImportField,
      what: string,
    ) => {
      if (!key) return;
      const first = map.get(key);
      if (first === undefined) map.set(key, rec.row);
      else addError(errors, field, `same ${what} as row ${first}`);
    };
    dupe(seen.email, e, "email", "e-mail");
    dupe(seen.phone, p, "phone", "phone");
    dupe(seen.externalId, x, "external_id", "external ID");
    out.push({
      row: rec.row,
      values,
      body: Object.keys(errors).length ? null : body,
      badgeIds: read.ids,
      errors,
    });
  }
  return out;
}

type DuplicateIndex = {
  email: Map<string, number>;
  phone: Map<string, number>;
  externalId: Map<string, number>;
};
export const newDuplicateIndex = (): DuplicateIndex => ({
  email: new Map(),
  phone: new Map(),
  externalId: new Map(),
});

export const describeErrors = (errors: RowCheck["errors"]): string =>
  Object.entries(errors)
    .map(([f, msgs]) => `${FIELD_LABELS[f as ImportField] ?? f} ${msgs!.join(", ")}`)
    .join("; ");

/**
 * The rows whose e-mail already belongs to another worker (found before sending): the same
 * error the invite would answer, on the e-mail, and the row is no longer sent.
 */
export function withEmailClashes(
  checks: readonly RowCheck[],
  clashes: ReadonlyMap<number, string>,
): RowCheck[] {
  if (clashes.size === 0) return [...checks];
  return checks.map((c) => {
    const message = clashes.get(c.row);
    if (!message) return c;
    const errors = { ...c.errors, email: [...(c.errors.email ?? []), message] };
    return { ...c, body: null, errors };
  });
}
