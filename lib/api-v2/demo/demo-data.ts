/**
 * Pure, deterministic demo-data generator for the staffing platform.
 *
 * - No database access, no environment, no wall clock: the caller passes `now`.
 * - All randomness comes from a seeded mulberry32 PRNG defined below, so the
 *   same seed always yields the same output.
 * - Workers are generated sequentially from a single stream, so
 *   `demoWorkers(n)` is a prefix of `demoWorkers(m)` for n <= m (same seed/now).
 */

type DemoBadge = {
  name: string;
  description: string;
  info_url: string | null;
  icon_url: string | null;
  is_soft: boolean;
};

export type DemoWorker = {
  first_name: string;
  last_name: string;
  email: string;
  phone: string; // E.164, "+1" + 10 digits
  external_id: string;
  gender: string | null;
  dob: string | null; // "YYYY-MM-DD"
  address: string;
  address_state: string;
  city: string;
  zip: string;
  home_latitude: string;
  home_longitude: string;
  latitude: string;
  longitude: string;
  drug_tested: string;
  referred_by: string;
  w2_employee_id: string;
  w2_onboarding_status: string;
  suspended: boolean;
  suspended_until: string | null; // ISO timestamp or null
  badgeIndexes: number[];
};

export const DEMO_COMPANY_NAME = "Demo Staffing Co";

const DEFAULT_SEED = 0x5eed_2024;
const DAY_MS = 86_400_000;

// ---------------------------------------------------------------------------
// PRNG
// ---------------------------------------------------------------------------

type Rng = () => number;

/** mulberry32: tiny, fast 32-bit PRNG returning floats in [0, 1). */
function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function randInt(rng: Rng, minInclusive: number, maxInclusive: number): number {
  return minInclusive + Math.floor(rng() * (maxInclusive - minInclusive + 1));
}

function pick<T>(rng: Rng, items: readonly T[]): T {
  const item = items[Math.floor(rng() * items.length)];
  if (item === undefined) throw new Error("pick() from an empty list");
  return item;
}

// ---------------------------------------------------------------------------
// Badges
// ---------------------------------------------------------------------------

const BADGES: readonly DemoBadge[] = [
  {
    name: "Forklift Certified",
    description:
      "Completed OSHA-compliant powered industrial truck training and a hands-on forklift evaluation.",
    info_url: "https://example.com/badges/forklift-certified",
    icon_url: null,
    is_soft: false,
  },
  {
    name: "Food Handler",
    description:
      "Holds a current food handler card covering safe food storage, preparation and hygiene.",
    info_url: "https://example.com/badges/food-handler",
    icon_url: null,
    is_soft: false,
  },
  {
    name: "ServSafe Manager",
    description:
      "Passed the ServSafe Food Protection Manager exam and can supervise a food service shift.",
    info_url: "https://example.com/badges/servsafe-manager",
    icon_url: null,
    is_soft: false,
  },
  {
    name: "OSHA 10",
    description: "Completed the 10-hour OSHA outreach course on general workplace safety hazards.",
    info_url: "https://example.com/badges/osha-10",
    icon_url: null,
    is_soft: false,
  },
  {
    name: "OSHA 30",
    description: "Completed the 30-hour OSHA outreach course for supervisors and safety leads.",
    info_url: "https://example.com/badges/osha-30",
    icon_url: null,
    is_soft: false,
  },
  {
    name: "TABC / Alcohol Server",
    description:
      "Certified to serve alcohol responsibly, including checking IDs and recognizing intoxication.",
    info_url: "https://example.com/badges/alcohol-server",
    icon_url: null,
    is_soft: false,
  },
  {
    name: "CPR & First Aid",
    description: "Holds a current adult CPR, AED and first aid certification.",
    info_url: "https://example.com/badges/cpr-first-aid",
    icon_url: null,
    is_soft: false,
  },
  {
    name: "Background Checked",
    description:
      "Passed a county and national criminal background check within the last 12 months.",
    info_url: "https://example.com/badges/background-checked",
    icon_url: null,
    is_soft: false,
  },
  {
    name: "Drug Screened",
    description: "Passed a 10-panel drug screen administered by an accredited lab.",
    info_url: null,
    icon_url: null,
    is_soft: false,
  },
  {
    name: "Reach Truck",
    description:
      "Trained and evaluated on operating stand-up reach trucks in narrow-aisle racking.",
    info_url: "https://example.com/badges/reach-truck",
    icon_url: null,
    is_soft: false,
  },
  {
    name: "Pallet Jack",
    description:
      "Experienced with manual and electric pallet jacks for loading, unloading and staging freight.",
    info_url: null,
    icon_url: null,
    is_soft: false,
  },
  {
    name: "Bilingual (Spanish)",
    description: "Communicates fluently with guests and coworkers in both English and Spanish.",
    info_url: null,
    icon_url: null,
    is_soft: true,
  },
  {
    name: "Event Staff Veteran",
    description:
      "Has worked more than 25 event shifts with consistently strong supervisor ratings.",
    info_url: null,
    icon_url: null,
    is_soft: true,
  },
  {
    name: "Warehouse Pro",
    description:
      "Has completed more than 50 warehouse shifts covering picking, packing and receiving.",
    info_url: "https://example.com/badges/warehouse-pro",
    icon_url: null,
    is_soft: false,
  },
  {
    name: "Customer Service",
    description:
      "Recognized by employers for friendly, patient and solution-oriented guest interactions.",
    info_url: null,
    icon_url: null,
    is_soft: true,
  },
  {
    name: "Barista",
    description: "Can pull espresso shots, steam milk and run a busy coffee bar during peak hours.",
    info_url: "https://example.com/badges/barista",
    icon_url: null,
    is_soft: false,
  },
  {
    name: "Line Cook",
    description: "Experienced working a hot line station, including prep, grill and sauté.",
    info_url: "https://example.com/badges/line-cook",
    icon_url: null,
    is_soft: false,
  },
  {
    name: "Cashier / POS",
    description: "Comfortable handling cash and card payments on common point-of-sale systems.",
    info_url: null,
    icon_url: null,
    is_soft: false,
  },
  {
    name: "Janitorial",
    description:
      "Trained in commercial cleaning procedures and safe handling of cleaning chemicals.",
    info_url: "https://example.com/badges/janitorial",
    icon_url: null,
    is_soft: false,
  },
  {
    name: "Valid Driver's License",
    description: "Holds a valid, unrestricted driver's license and a clean driving record.",
    info_url: "https://example.com/badges/drivers-license",
    icon_url: null,
    is_soft: false,
  },
  {
    name: "Team Lead",
    description: "Has successfully led small crews and is trusted to coordinate tasks on site.",
    info_url: null,
    icon_url: null,
    is_soft: true,
  },
];

export function demoBadges(): DemoBadge[] {
  return BADGES.map((b) => ({ ...b }));
}

// ---------------------------------------------------------------------------
// Job requests
// ---------------------------------------------------------------------------

/** A demo job's state, and (approved) how long ago it was approved. */
export type DemoJobPlan = { state: string; count: number; approvedAgoHours?: number };

/** A real-looking posting at a real site in one of the demo cities, with its jobs. */
export type DemoJobRequest = {
  name: string;
  state: string;
  category: string;
  city: string;
  address_state: string;
  timezone: string;
  venue: string;
  address: string;
  zip: string;
  latitude: string;
  longitude: string;
  /** Days from today (negative: in the past) and the local start hour. */
  startDay: number;
  startHour: number;
  duration: number;
  slots: number;
  wage: string;
  classification: "1099" | "w2";
  w2_hourly_rate?: string;
  use_pending_state?: boolean;
  /** Posted this many hours ago (default: three days before its start or now). */
  postedAgoHours?: number;
  badges: string[];
  description_tasks: string;
  description_arrival: string;
  jobs: DemoJobPlan[];
};

const LA = "America/Los_Angeles";
const CT = "America/Chicago";
const ET = "America/New_York";

/**
 * Fourteen postings across the eight demo cities, one or more in every state, with jobs in
 * every job state that agree with their request's state (the request follows its jobs). Over
 * all of them: 6 filled, 6 in progress, 2 paused, 5 completed, 4 approved today and 4 three
 * days ago, 4 pending, 2 rejected, 3 cancelled, 2 withdrawn and 2 no-shows.
 */
export function demoJobRequests(): DemoJobRequest[] {
  return [
    {
      name: "Warehouse Associate – Oakland DC",
      state: "posted",
      category: "Fulfillment / Warehousing",
      city: "Oakland",
      address_state: "CA",
      timezone: LA,
      venue: "Oakland Distribution Center",
      address: "8000 Edgewater Dr",
      zip: "94621",
      latitude: "37.741",
      longitude: "-122.2036",
      startDay: 1,
      startHour: 7,
      duration: 480,
      slots: 4,
      wage: "21.50",
      classification: "1099",
      badges: ["Warehouse Pro", "Pallet Jack"],
      description_tasks:
        "Receive inbound pallets, scan and put away cartons, build outbound loads.",
      description_arrival:
        "Check in at the security gate on Edgewater Dr and ask for the shift lead.",
      // Just posted, nobody hired yet: it heads the job list, above the weeks of history.
      postedAgoHours: 1,
      jobs: [],
    },
    {
      name: "Warehouse Picker – Mission Bay",
      state: "posted",
      category: "Fulfillment / Warehousing",
      city: "San Francisco",
      address_state: "CA",
      timezone: LA,
      venue: "Mission Bay Distribution Center",
      address: "1455 Third St",
      zip: "94158",
      latitude: "37.7706",
      longitude: "-122.3892",
      startDay: 1,
      startHour: 8,
      duration: 480,
      slots: 4,
      wage: "22.00",
      classification: "1099",
      badges: ["Warehouse Pro"],
      description_tasks:
        "Pick orders with a handheld scanner and stage them for the afternoon trucks.",
      description_arrival: "Loading dock B, on the Third St side.",
      jobs: [{ state: "filled", count: 2 }],
    },
    {
      name: "Event Server – Oakland Arena",
      state: "filled",
      category: "Event Staff",
      city: "Oakland",
      address_state: "CA",
      timezone: LA,
      venue: "Oakland Arena",
      address: "7000 Coliseum Way",
      zip: "94621",
      latitude: "37.7503",
      longitude: "-122.203",
      startDay: 2,
      startHour: 17,
      duration: 360,
      slots: 3,
      wage: "24.00",
      classification: "1099",
      badges: ["Food Handler"],
      description_tasks: "Serve food and drinks in the club level suites during the game.",
      description_arrival: "Staff entrance at gate D; black pants and non-slip shoes.",
      jobs: [{ state: "filled", count: 3 }],
    },
    {
      name: "Forklift Operator – South Gate Fulfillment",
      state: "in_progress",
      category: "Fulfillment / Warehousing",
      city: "Los Angeles",
      address_state: "CA",
      timezone: LA,
      venue: "South Gate Fulfillment",
      address: "2000 E 7th St",
      zip: "90021",
      latitude: "34.0335",
      longitude: "-118.2331",
      startDay: 0,
      startHour: 6,
      duration: 600,
      slots: 5,
      wage: "26.00",
      classification: "w2",
      w2_hourly_rate: "26.00",
      badges: ["Forklift Certified", "OSHA 10"],
      description_tasks: "Move pallets between racking and the dock with a sit-down forklift.",
      description_arrival: "Bring your forklift card; safety vest provided.",
      jobs: [
        { state: "in_progress", count: 4 },
        { state: "paused", count: 1 },
      ],
    },
    {
      name: "Delivery Driver – Ponce City Market",
      state: "in_progress",
      category: "Delivery",
      city: "Atlanta",
      address_state: "GA",
      timezone: ET,
      venue: "Ponce City Market",
      address: "675 Ponce De Leon Ave NE",
      zip: "30308",
      latitude: "33.7726",
      longitude: "-84.3655",
      startDay: 0,
      startHour: 9,
      duration: 480,
      slots: 3,
      wage: "23.00",
      classification: "w2",
      w2_hourly_rate: "23.00",
      badges: ["Valid Driver's License"],
      description_tasks: "Deliver tenant orders around Midtown in a company van.",
      description_arrival: "Meet at the north loading zone off North Ave.",
      jobs: [
        { state: "in_progress", count: 2 },
        { state: "paused", count: 1 },
      ],
    },
    {
      name: "Line Cook – Wrigleyville Kitchen",
      state: "completed",
      category: "General Labor",
      city: "Chicago",
      address_state: "IL",
      timezone: CT,
      venue: "Wrigleyville Kitchen",
      address: "3600 N Clark St",
      zip: "60613",
      latitude: "41.9484",
      longitude: "-87.6553",
      startDay: -1,
      startHour: 10,
      duration: 480,
      slots: 5,
      wage: "20.00",
      classification: "1099",
      badges: ["Line Cook", "Food Handler"],
      description_tasks: "Prep and run the grill station for a game-day lunch service.",
      description_arrival: "Kitchen door in the alley behind Clark St.",
      jobs: [{ state: "completed", count: 5 }],
    },
    {
      name: "Barista – Union Square Café",
      state: "approved",
      category: "Customer Service",
      city: "San Francisco",
      address_state: "CA",
      timezone: LA,
      venue: "Union Square Café",
      address: "333 Post St",
      zip: "94108",
      latitude: "37.788",
      longitude: "-122.4075",
      startDay: -1,
      startHour: 6,
      duration: 360,
      slots: 4,
      wage: "19.50",
      classification: "1099",
      badges: ["Barista"],
      description_tasks: "Espresso bar for the morning rush; latte art a plus.",
      description_arrival: "Ask for Dana at the counter.",
      jobs: [{ state: "approved", count: 4, approvedAgoHours: 3 }],
    },
    {
      name: "Cashier – Deep Ellum Street Fair",
      state: "approved",
      category: "Customer Service",
      city: "Dallas",
      address_state: "TX",
      timezone: CT,
      venue: "Deep Ellum Street Fair",
      address: "2700 Main St",
      zip: "75226",
      latitude: "32.7842",
      longitude: "-96.7834",
      startDay: -4,
      startHour: 11,
      duration: 420,
      slots: 4,
      wage: "18.00",
      classification: "1099",
      badges: ["Cashier / POS"],
      description_tasks: "Run a point-of-sale tablet at the food vendor booths.",
      description_arrival: "Volunteer tent at Main and Malcolm X Blvd.",
      jobs: [{ state: "approved", count: 4, approvedAgoHours: 72 }],
    },
    {
      name: "Warehouse Picker – Port Houston",
      state: "posted",
      category: "Fulfillment / Warehousing",
      city: "Houston",
      address_state: "TX",
      timezone: CT,
      venue: "Port Houston Warehouse 7",
      address: "7300 Clinton Dr",
      zip: "77020",
      latitude: "29.7365",
      longitude: "-95.2878",
      startDay: 3,
      startHour: 7,
      duration: 480,
      slots: 4,
      wage: "20.50",
      classification: "1099",
      use_pending_state: true,
      badges: [],
      description_tasks: "Pick and label export cartons; applications reviewed by the site lead.",
      description_arrival: "Gate 2, show your ID to the guard.",
      jobs: [
        { state: "pending", count: 4 },
        { state: "rejected", count: 2 },
      ],
    },
    {
      name: "Banquet Bartender – Hilton Americas",
      state: "unassigned",
      category: "Event Staff",
      city: "Houston",
      address_state: "TX",
      timezone: CT,
      venue: "Hilton Americas-Houston",
      address: "1600 Lamar St",
      zip: "77010",
      latitude: "29.7522",
      longitude: "-95.359",
      startDay: 5,
      startHour: 18,
      duration: 300,
      slots: 2,
      wage: "25.00",
      classification: "1099",
      badges: ["TABC / Alcohol Server"],
      description_tasks: "Pour beer and wine at a corporate awards dinner.",
      description_arrival: "Banquet office, level 2.",
      jobs: [],
    },
    {
      name: "Janitorial Crew – Midtown Atlanta Offices",
      state: "draft",
      category: "General Labor",
      city: "Atlanta",
      address_state: "GA",
      timezone: ET,
      venue: "Midtown Plaza",
      address: "1100 Peachtree St NE",
      zip: "30309",
      latitude: "33.7845",
      longitude: "-84.3838",
      startDay: 7,
      startHour: 19,
      duration: 240,
      slots: 6,
      wage: "18.50",
      classification: "1099",
      badges: ["Janitorial"],
      description_tasks: "Evening cleaning of three office floors.",
      description_arrival: "",
      jobs: [],
    },
    {
      name: "Concessions – American Airlines Center",
      state: "cancelled",
      category: "Event Staff",
      city: "Dallas",
      address_state: "TX",
      timezone: CT,
      venue: "American Airlines Center",
      address: "2500 Victory Ave",
      zip: "75219",
      latitude: "32.7905",
      longitude: "-96.8103",
      startDay: 1,
      startHour: 16,
      duration: 360,
      slots: 3,
      wage: "19.00",
      classification: "1099",
      badges: ["Food Handler"],
      description_tasks: "Run a concessions stand for a concert (cancelled by the venue).",
      description_arrival: "Employee entrance on Olive St.",
      jobs: [{ state: "cancelled", count: 3 }],
    },
    {
      name: "Stadium Concessions – Citi Field",
      state: "unfilled",
      category: "Event Staff",
      city: "New York",
      address_state: "NY",
      timezone: ET,
      venue: "Citi Field",
      address: "41 Seaver Way",
      zip: "11368",
      latitude: "40.7571",
      longitude: "-73.8458",
      startDay: -2,
      startHour: 12,
      duration: 360,
      slots: 4,
      wage: "21.00",
      classification: "1099",
      badges: ["Food Handler"],
      description_tasks: "Sell snacks in the upper deck.",
      description_arrival: "Gate E staff entrance.",
      jobs: [
        { state: "withdrawn", count: 2 },
        { state: "no_show", count: 2 },
      ],
    },
    {
      name: "Brand Ambassador – Times Square",
      state: "posted",
      category: "Brand Representative",
      city: "New York",
      address_state: "NY",
      timezone: ET,
      venue: "Times Square pop-up",
      address: "1560 Broadway",
      zip: "10036",
      latitude: "40.759",
      longitude: "-73.9845",
      startDay: 2,
      startHour: 10,
      duration: 480,
      slots: 5,
      wage: "24.50",
      classification: "1099",
      badges: ["Customer Service", "Bilingual (Spanish)"],
      description_tasks: "Hand out samples and sign people up for a beverage launch.",
      description_arrival: "Look for the orange tent at 46th St.",
      jobs: [{ state: "filled", count: 1 }],
    },
  ];
}

/**
 * Crews: the first `size` workers of each posting's city (in generation order) also hold that
 * posting's badges, as a staffing pool trained for its regular sites would. Badges are drawn
 * independently per worker (~7 % each), so without crews a two-badge posting has almost nobody
 * to rank. Returns new worker objects; the generator's own output is unchanged.
 */
export function withCrews(workers: DemoWorker[], badgeNames: string[], size = 10): DemoWorker[] {
  const out = workers.map((w) => ({ ...w, badgeIndexes: [...w.badgeIndexes] }));
  for (const r of demoJobRequests()) {
    const indexes = r.badges.map((b) => badgeNames.indexOf(b)).filter((i) => i >= 0);
    if (indexes.length === 0) continue;
    let taken = 0;
    for (const w of out) {
      if (taken >= size) break;
      if (w.city !== r.city) continue;
      for (const i of indexes) if (!w.badgeIndexes.includes(i)) w.badgeIndexes.push(i);
      w.badgeIndexes.sort((a, b) => a - b);
      taken++;
    }
  }
  return out;
}

// ---------------------------------------------------------------------------
// Names
// ---------------------------------------------------------------------------

type G = "f" | "m" | "n";

const FIRST_NAMES: readonly (readonly [string, G])[] = [
  ["José", "m"],
  ["Zoë", "f"],
  ["Łukasz", "m"],
  ["María", "f"],
  ["Aaliyah", "f"],
  ["Mohammed", "m"],
  ["Priya", "f"],
  ["Wei", "m"],
  ["Mei", "f"],
  ["Thảo", "f"],
  ["Minh", "m"],
  ["Olumide", "m"],
  ["Chidinma", "f"],
  ["Sean", "m"],
  ["Siobhán", "f"],
  ["Renée", "f"],
  ["André", "m"],
  ["François", "m"],
  ["Björn", "m"],
  ["Małgorzata", "f"],
  ["Jamal", "m"],
  ["Keisha", "f"],
  ["DeShawn", "m"],
  ["Emily", "f"],
  ["Michael", "m"],
  ["Jessica", "f"],
  ["David", "m"],
  ["Sarah", "f"],
  ["Christopher", "m"],
  ["Ashley", "f"],
  ["Alex", "n"],
  ["Jordan", "n"],
  ["Taylor", "n"],
  ["Riley", "n"],
  ["Sam", "n"],
  ["Camila", "f"],
  ["Mateo", "m"],
  ["Valentina", "f"],
  ["Santiago", "m"],
  ["Ximena", "f"],
  ["Jesús", "m"],
  ["Guadalupe", "f"],
  ["Hiroshi", "m"],
  ["Yuki", "n"],
  ["Ji-woo", "f"],
  ["Min-jun", "m"],
  ["Anh", "f"],
  ["Fatima", "f"],
  ["Omar", "m"],
  ["Leila", "f"],
  ["Dmitri", "m"],
  ["Anastasia", "f"],
  ["Kwame", "m"],
  ["Ama", "f"],
  ["Tyrone", "m"],
  ["Imani", "f"],
  ["Noah", "m"],
  ["Olivia", "f"],
  ["Liam", "m"],
  ["Sofía", "f"],
  ["Raúl", "m"],
  ["Inés", "f"],
  ["Arjun", "m"],
  ["Ananya", "f"],
  ["Chloé", "f"],
  ["Søren", "m"],
];

const LAST_NAMES: readonly string[] = [
  "Nguyễn",
  "O'Brien",
  "García",
  "Martínez",
  "Hernández",
  "López",
  "González",
  "Rodríguez",
  "Pérez",
  "Smith",
  "Johnson",
  "Williams",
  "Brown",
  "Jones",
  "Davis",
  "Miller",
  "Wilson",
  "Anderson",
  "Thomas",
  "Jackson",
  "Washington",
  "Kim",
  "Park",
  "Lee",
  "Chen",
  "Wang",
  "Zhang",
  "Liu",
  "Trần",
  "Phạm",
  "Patel",
  "Shah",
  "Singh",
  "Okafor",
  "Adeyemi",
  "Mensah",
  "Kowalski",
  "Wiśniewski",
  "Müller",
  "Schröder",
  "D'Angelo",
  "O'Connor",
  "McCarthy",
  "García-López",
  "Smith-Jones",
  "Ramírez-Ortiz",
  "Johnson-Reyes",
  "Haddad",
  "Khalil",
  "Ivanov",
  "Petrova",
  "Tanaka",
  "Yamamoto",
  "Cohen",
  "Goldberg",
  "Rossi",
  "Bianchi",
  "Dubois",
  "Lefèvre",
  "Ødegaard",
  "Silva",
  "Gonçalves",
  "Reyes",
  "Flores",
  "Castillo",
];

/** Letters that NFD does not decompose into base + combining mark. */
const ASCII_FOLD_EXTRA: Readonly<Record<string, string>> = {
  ł: "l",
  Ł: "l",
  ø: "o",
  Ø: "o",
  đ: "d",
  Đ: "d",
  ß: "ss",
  æ: "ae",
  Æ: "ae",
  œ: "oe",
  Œ: "oe",
  ı: "i",
  þ: "th",
  Þ: "th",
  ð: "d",
  Ð: "d",
};

/** Lowercase, diacritic-free, apostrophe-free ASCII slug for e-mail local parts. */
function emailSlug(name: string): string {
  const decomposed = name.normalize("NFD").replace(/\p{M}+/gu, "");
  let out = "";
  for (const ch of decomposed) {
    out += ASCII_FOLD_EXTRA[ch] ?? ch;
  }
  return out
    .toLowerCase()
    .replace(/['’`]/g, "")
    .replace(/[^a-z0-9-]+/g, "")
    .replace(/^-+|-+$/g, "");
}

const FIRST_SLUGS: readonly string[] = FIRST_NAMES.map(([n]) => emailSlug(n));
const LAST_SLUGS: readonly string[] = LAST_NAMES.map((n) => emailSlug(n));

const EMAIL_DOMAINS: readonly string[] = ["example.com", "example.org", "example.net"];

// ---------------------------------------------------------------------------
// Cities
// ---------------------------------------------------------------------------

type City = {
  city: string;
  state: string;
  lat: number;
  lng: number;
  areaCodes: readonly string[];
  zips: readonly string[];
  streets: readonly string[];
};

const CITIES: readonly City[] = [
  {
    city: "San Francisco",
    state: "CA",
    lat: 37.7749,
    lng: -122.4194,
    areaCodes: ["415", "628"],
    zips: [
      "94102",
      "94103",
      "94107",
      "94109",
      "94110",
      "94112",
      "94114",
      "94117",
      "94118",
      "94121",
      "94122",
      "94124",
      "94131",
      "94134",
    ],
    streets: [
      "Market St",
      "Mission St",
      "Valencia St",
      "Geary Blvd",
      "Divisadero St",
      "Irving St",
      "Folsom St",
      "Howard St",
      "Taraval St",
      "Fillmore St",
    ],
  },
  {
    city: "Oakland",
    state: "CA",
    lat: 37.8044,
    lng: -122.2712,
    areaCodes: ["510", "341"],
    zips: [
      "94601",
      "94602",
      "94603",
      "94605",
      "94606",
      "94607",
      "94609",
      "94610",
      "94611",
      "94612",
      "94619",
      "94621",
    ],
    streets: [
      "Broadway",
      "Telegraph Ave",
      "International Blvd",
      "MacArthur Blvd",
      "Grand Ave",
      "San Pablo Ave",
      "Fruitvale Ave",
      "Foothill Blvd",
      "Lakeshore Ave",
    ],
  },
  {
    city: "Los Angeles",
    state: "CA",
    lat: 34.0522,
    lng: -118.2437,
    areaCodes: ["213", "323", "310", "818"],
    zips: [
      "90004",
      "90006",
      "90011",
      "90012",
      "90015",
      "90017",
      "90019",
      "90026",
      "90028",
      "90031",
      "90034",
      "90042",
      "90057",
      "90065",
    ],
    streets: [
      "Sunset Blvd",
      "Wilshire Blvd",
      "Figueroa St",
      "Olympic Blvd",
      "Vermont Ave",
      "Western Ave",
      "Pico Blvd",
      "Santa Monica Blvd",
      "Melrose Ave",
      "Cesar E Chavez Ave",
    ],
  },
  {
    city: "Chicago",
    state: "IL",
    lat: 41.8781,
    lng: -87.6298,
    areaCodes: ["312", "773", "872"],
    zips: [
      "60601",
      "60605",
      "60607",
      "60608",
      "60609",
      "60612",
      "60614",
      "60616",
      "60618",
      "60622",
      "60623",
      "60625",
      "60629",
      "60640",
      "60647",
    ],
    streets: [
      "Michigan Ave",
      "State St",
      "Halsted St",
      "Ashland Ave",
      "Western Ave",
      "Milwaukee Ave",
      "Cermak Rd",
      "Clark St",
      "Division St",
      "Belmont Ave",
    ],
  },
  {
    city: "Dallas",
    state: "TX",
    lat: 32.7767,
    lng: -96.797,
    areaCodes: ["214", "469", "972"],
    zips: [
      "75201",
      "75202",
      "75203",
      "75204",
      "75206",
      "75208",
      "75211",
      "75214",
      "75215",
      "75219",
      "75224",
      "75226",
      "75231",
      "75235",
    ],
    streets: [
      "Elm St",
      "Main St",
      "Ross Ave",
      "Gaston Ave",
      "Lemmon Ave",
      "Greenville Ave",
      "Jefferson Blvd",
      "Commerce St",
      "Mockingbird Ln",
      "Live Oak St",
    ],
  },
  {
    city: "Houston",
    state: "TX",
    lat: 29.7604,
    lng: -95.3698,
    areaCodes: ["713", "281", "832", "346"],
    zips: [
      "77002",
      "77003",
      "77004",
      "77006",
      "77007",
      "77008",
      "77009",
      "77011",
      "77019",
      "77021",
      "77023",
      "77036",
      "77057",
      "77092",
    ],
    streets: [
      "Westheimer Rd",
      "Main St",
      "Washington Ave",
      "Richmond Ave",
      "Montrose Blvd",
      "Navigation Blvd",
      "Bellaire Blvd",
      "Airline Dr",
      "Telephone Rd",
      "Shepherd Dr",
    ],
  },
  {
    city: "Atlanta",
    state: "GA",
    lat: 33.749,
    lng: -84.388,
    areaCodes: ["404", "470", "678"],
    zips: [
      "30303",
      "30305",
      "30306",
      "30307",
      "30308",
      "30309",
      "30310",
      "30312",
      "30314",
      "30315",
      "30316",
      "30318",
      "30324",
      "30331",
    ],
    streets: [
      "Peachtree St NE",
      "Ponce de Leon Ave",
      "Edgewood Ave",
      "Piedmont Ave",
      "Memorial Dr",
      "Auburn Ave",
      "Moreland Ave",
      "Boulevard SE",
      "Howell Mill Rd",
      "Marietta St",
    ],
  },
  {
    city: "New York",
    state: "NY",
    lat: 40.7128,
    lng: -74.006,
    areaCodes: ["212", "646", "718", "917", "347"],
    zips: [
      "10001",
      "10002",
      "10003",
      "10009",
      "10011",
      "10016",
      "10025",
      "10027",
      "10031",
      "10035",
      "11201",
      "11211",
      "11215",
      "11372",
      "10451",
    ],
    streets: [
      "Broadway",
      "Amsterdam Ave",
      "Lexington Ave",
      "Canal St",
      "Atlantic Ave",
      "Flatbush Ave",
      "Roosevelt Ave",
      "Grand Concourse",
      "Delancey St",
      "Bedford Ave",
    ],
  },
];

// ---------------------------------------------------------------------------
// Phones
// ---------------------------------------------------------------------------

/** Central-office codes NXX: first digit 2-9, not N11, not 555. (Also skips 950/958/959/976.) */
const EXCHANGES: readonly string[] = (() => {
  const out: string[] = [];
  for (let n = 200; n <= 999; n++) {
    const s = String(n);
    if (s[1] === "1" && s[2] === "1") continue; // N11 service codes
    if (s === "555" || s === "950" || s === "958" || s === "959" || s === "976") continue;
    out.push(s);
  }
  return out;
})();

/**
 * Injective index -> (exchange, line) mapping. For a fixed exchange slot the
 * line number is (k * 7919 + c) mod 10000 with gcd(7919, 10000) = 1, so it is
 * a bijection on k < 10000: unique for up to EXCHANGES.length * 10000 (~7.9M)
 * workers regardless of area code.
 */
function phoneFor(index: number, areaCode: string): string {
  const slot = index % EXCHANGES.length;
  const k = Math.floor(index / EXCHANGES.length);
  const exchange = EXCHANGES[slot] ?? "234";
  const line = (k * 7919 + slot * 37 + 1234) % 10000;
  return `+1${areaCode}${exchange}${String(line).padStart(4, "0")}`;
}

// ---------------------------------------------------------------------------
// Geo helpers
// ---------------------------------------------------------------------------

const KM_PER_DEG_LAT = 110.574;
const KM_PER_DEG_LNG_EQUATOR = 111.32;

/** Area-uniform random point between `minKm` and `maxKm` from (lat, lng). */
function scatter(
  rng: Rng,
  lat: number,
  lng: number,
  minKm: number,
  maxKm: number,
): [number, number] {
  const u = rng();
  const r = Math.sqrt(minKm * minKm + u * (maxKm * maxKm - minKm * minKm));
  const theta = rng() * 2 * Math.PI;
  const dLat = (r * Math.cos(theta)) / KM_PER_DEG_LAT;
  const dLng = (r * Math.sin(theta)) / (KM_PER_DEG_LNG_EQUATOR * Math.cos((lat * Math.PI) / 180));
  return [lat + dLat, lng + dLng];
}

/** Decimal string with at most 7 fractional digits and no trailing zeros. */
function coord(n: number): string {
  const s = n.toFixed(7);
  const trimmed = s.replace(/\.?0+$/, "");
  return trimmed === "-0" ? "0" : trimmed;
}

// ---------------------------------------------------------------------------
// Dates
// ---------------------------------------------------------------------------

function ymd(d: Date): string {
  const y = String(d.getUTCFullYear()).padStart(4, "0");
  const m = String(d.getUTCMonth() + 1).padStart(2, "0");
  const day = String(d.getUTCDate()).padStart(2, "0");
  return `${y}-${m}-${day}`;
}

/** Birth date such that the age (in UTC calendar terms) at `now` is exactly `age`. */
function dobForAge(now: Date, age: number, daysBeforeBirthday: number): string {
  const birthdayThisAge = Date.UTC(now.getUTCFullYear() - age, now.getUTCMonth(), now.getUTCDate());
  return ymd(new Date(birthdayThisAge - daysBeforeBirthday * DAY_MS));
}

// ---------------------------------------------------------------------------
// Workers
// ---------------------------------------------------------------------------

const W2_STATUSES_WITH_ID: readonly string[] = ["in_progress", "completed", "completed"];

export function demoWorkers(
  count: number,
  opts: { seed?: number; now: Date; badgeCount: number },
): DemoWorker[] {
  const n = Math.max(0, Math.floor(count));
  const rng = mulberry32(opts.seed ?? DEFAULT_SEED);
  const nowMs = opts.now.getTime();
  if (!Number.isFinite(nowMs)) throw new Error("demoWorkers: opts.now is an invalid Date");
  const badgeCount = Math.max(0, Math.floor(opts.badgeCount));

  const workers: DemoWorker[] = new Array<DemoWorker>(n);
  const chosen: number[] = [];

  for (let i = 0; i < n; i++) {
    // Names
    const firstIdx = Math.floor(rng() * FIRST_NAMES.length);
    const lastIdx = Math.floor(rng() * LAST_NAMES.length);
    const firstEntry = FIRST_NAMES[firstIdx] ?? (["Alex", "n"] as const);
    const first_name = firstEntry[0];
    const last_name = LAST_NAMES[lastIdx] ?? "Smith";
    const fSlug = FIRST_SLUGS[firstIdx] || "worker";
    const lSlug = LAST_SLUGS[lastIdx] || "demo";
    // Names never contain digits, so the trailing index makes the local part unique.
    const email = `${fSlug}.${lSlug}${i}@${pick(rng, EMAIL_DOMAINS)}`;

    // Gender
    const gRoll = rng();
    let gender: string | null;
    if (gRoll < 0.1) gender = null;
    else if (gRoll < 0.14) gender = "non_binary";
    else if (firstEntry[1] === "n")
      gender = gRoll < 0.4 ? "non_binary" : gRoll < 0.7 ? "female" : "male";
    else gender = firstEntry[1] === "f" ? "female" : "male";

    // DOB: 2% unknown, otherwise age 18..65 (skewed younger).
    const dobRoll = rng();
    const ageSkew = rng();
    const age = 18 + Math.floor(ageSkew * ageSkew * 48); // 18..65
    const dob = dobRoll < 0.02 ? null : dobForAge(opts.now, age, randInt(rng, 1, 364));

    // Location
    const c = pick(rng, CITIES);
    const [homeLat, homeLng] = scatter(rng, c.lat, c.lng, 0, 15);
    const [curLat, curLng] = scatter(rng, homeLat, homeLng, 0.05, 3);
    const address = `${randInt(rng, 100, 9899)} ${pick(rng, c.streets)}`;
    const zip = pick(rng, c.zips);
    const phone = phoneFor(i, pick(rng, c.areaCodes));

    // Compliance / HR
    const dRoll = rng();
    const drug_tested = dRoll < 0.5 ? "" : dRoll < 0.9 ? "passed" : "pending";

    let referred_by = "";
    if (rng() < 0.1) {
      const rf = FIRST_NAMES[Math.floor(rng() * FIRST_NAMES.length)];
      const rl = LAST_NAMES[Math.floor(rng() * LAST_NAMES.length)];
      referred_by = `${rf?.[0] ?? "Alex"} ${rl ?? "Smith"}`;
    }

    let w2_employee_id = "";
    let w2_onboarding_status = "";
    const wRoll = rng();
    if (wRoll < 0.3) {
      w2_employee_id = `W2-${String(10000 + ((i * 7 + 12345) % 90000)).padStart(5, "0")}`;
      w2_onboarding_status = pick(rng, W2_STATUSES_WITH_ID);
    } else if (wRoll < 0.55) {
      w2_onboarding_status = "not_started";
    }

    // Suspension: ~4%, half of them with an end date 1..30 days out.
    let suspended = false;
    let suspended_until: string | null = null;
    if (rng() < 0.04) {
      suspended = true;
      if (rng() < 0.5) {
        suspended_until = new Date(nowMs + randInt(rng, 1, 30) * DAY_MS).toISOString();
      }
    }

    // Badges: ~70% have 1..4 distinct indexes.
    const badgeIndexes: number[] = [];
    if (badgeCount > 0 && rng() < 0.7) {
      const r = rng();
      const want = Math.min(badgeCount, r < 0.45 ? 1 : r < 0.75 ? 2 : r < 0.92 ? 3 : 4);
      chosen.length = 0;
      while (chosen.length < want) {
        const b = Math.floor(rng() * badgeCount);
        if (!chosen.includes(b)) chosen.push(b);
      }
      for (const b of chosen) badgeIndexes.push(b);
      badgeIndexes.sort((a, b) => a - b);
    }

    workers[i] = {
      first_name,
      last_name,
      email,
      phone,
      external_id: `EMP-${String(i + 1).padStart(6, "0")}`,
      gender,
      dob,
      address,
      address_state: c.state,
      city: c.city,
      zip,
      home_latitude: coord(homeLat),
      home_longitude: coord(homeLng),
      latitude: coord(curLat),
      longitude: coord(curLng),
      drug_tested,
      referred_by,
      w2_employee_id,
      w2_onboarding_status,
      suspended,
      suspended_until,
      badgeIndexes,
    };
  }

  return workers;
}
