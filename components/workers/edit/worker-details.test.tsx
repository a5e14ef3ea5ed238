import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Worker } from "@/lib/portal/types";
import { fieldsOfSection, USER_FIELDS, type UserFormSection } from "@/lib/schemas/user-fields";
import { WORKER_SECTIONS } from "./editor-sections";
import { WorkerDetails } from "./worker-details";

const worker = {
  id: 42,
  external_id: null,
  type: "Worker",
  first_name: "Ada",
  last_name: "Lovelace",
  email: "ada@example.com",
  phone: "+14155550142",
  gender: "female",
  dob: null,
  address: "1 Main St",
  address_state: "CA",
  city: "San Francisco",
  zip: "94105",
  home_latitude: null,
  home_longitude: null,
  latitude: null,
  longitude: null,
  avatar_url: "https://example.com/ada.png",
  logo_url: null,
  workplace_image_url: null,
  business_name: null,
  drug_tested: "passed",
  rating: null,
  referred_by: null,
  ssn: "123-45-6789",
  suspended: true,
  suspended_until: null,
  lower_pool: false,
  lower_pool_until: null,
  onboarding_appt_time: null,
  tracking_code: null,
  w2_address_state: null,
  w2_employee_id: null,
  w2_onboarding_completed: null,
  w2_onboarding_started: null,
  w2_onboarding_status: "in_progress",
  updated_at: "2026-11-20T10:00:00.000+00:00",
  user_badges: [],
} as unknown as Worker;

function renderDetails() {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <WorkerDetails worker={worker} mapTileUrl="" withheld={["ssn", "dob"]} />
    </QueryClientProvider>,
  );
}

/** Each term of a region's definition list with its description, as a person reads them. */
function terms(region: HTMLElement): Record<string, string> {
  return Object.fromEntries(
    [...region.querySelectorAll("dt")].map((dt) => [
      dt.textContent,
      dt.nextElementSibling?.textContent ?? "",
    ]),
  );
}

beforeEach(() => {
  // The badge list asks for badge names: the network is the only thing stubbed.
  vi.stubGlobal(
    "fetch",
    vi.fn(
      async () =>
        new Response(JSON.stringify({ badges: [], page: 1, per: 50, total: 0 }), {
          headers: { "content-type": "application/json" },
        }),
    ),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe("the read-only worker details", () => {
  it("has no form controls, only the editor's sections as definition lists", () => {
    renderDetails();
    for (const role of ["textbox", "combobox", "checkbox", "button", "spinbutton"]) {
      expect(screen.queryAllByRole(role), role).toEqual([]);
    }
    const headings = screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent);
    const formSections = WORKER_SECTIONS.filter((s) => s.id !== "jobs" && s.id !== "history");
    expect(headings).toEqual(formSections.map((s) => s.title));
    for (const s of formSections) {
      expect(screen.getByRole("region", { name: s.title }).id).toBe(s.id);
    }
  });

  it("shows every catalogue field of each section under its label", () => {
    // (Status reads each flag with its end date, "Yes, until …": two terms for four fields.)
    renderDetails();
    const sections: UserFormSection[] = [
      "identity",
      "contact",
      "address",
      "location",
      "onboarding",
    ];
    for (const section of sections) {
      const title = WORKER_SECTIONS.find((s) => s.id === section)?.title ?? section;
      const shown = Object.keys(terms(screen.getByRole("region", { name: title })));
      expect(new Set(shown), section).toEqual(
        new Set(fieldsOfSection(section).map((f) => USER_FIELDS[f].label)),
      );
    }
  });

  it("reads values as people do: masked SSN, labels of codes, withheld and missing fields said so", () => {
    renderDetails();
    const identity = terms(screen.getByRole("region", { name: "Identity" }));
    expect(identity["Social Security number"]).toBe("•••-••-6789");
    expect(document.body.textContent).not.toContain("123-45");
    expect(identity.Gender).toBe("Female");
    expect(identity["Date of birth"]).toBe("Not shown with read-only access");
    const contact = terms(screen.getByRole("region", { name: "Contact" }));
    expect(contact["External ID"]).toBe("Not set");
    expect(screen.getByRole("link", { name: "ada@example.com" }).getAttribute("href")).toBe(
      "mailto:ada@example.com",
    );
    const status = terms(screen.getByRole("region", { name: "Status" }));
    expect(status).toEqual({ Suspended: "Yes, until further notice", "Lower pool": "No" });
    const onboarding = terms(screen.getByRole("region", { name: "Onboarding" }));
    expect(onboarding["W-2 onboarding status"]).toBe("In progress");
    expect(onboarding["Drug tested"]).toBe("Passed");
    expect(
      within(screen.getByRole("region", { name: "Badges" })).getByText("No badges yet."),
    ).toBeTruthy();
  });
});
