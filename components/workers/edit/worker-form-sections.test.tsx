import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Worker } from "@/lib/portal/types";
import {
  fieldsOfSection,
  USER_FIELD_NAMES,
  USER_FIELDS,
  type UserFormSection,
} from "@/lib/schemas/user-fields";
import { EMPTY_BADGE_EDIT } from "../../badges/badge-picker";
import { toFormValues, type WorkerFormValues } from "./worker-form-model";
import { WorkerFormSections } from "./worker-form-sections";

const SAMPLE: Record<string, unknown> = {
  id: 42,
  text: "Ada",
  nullable_text: null,
  date: null,
  decimal: null,
  number: null,
  boolean: false,
  nullable_boolean: null,
  timestamp: "2026-11-20T10:00:00.000+00:00",
  nullable_timestamp: null,
  badges: [],
};
const worker = Object.fromEntries(
  USER_FIELD_NAMES.map((f) => [f, SAMPLE[USER_FIELDS[f].json]]),
) as Worker;

function Harness({ children }: { children: ReactNode }) {
  const form = useForm<WorkerFormValues>({ defaultValues: toFormValues(worker) });
  return (
    <QueryClientProvider client={new QueryClient()}>
      <FormProvider {...form}>{children}</FormProvider>
    </QueryClientProvider>
  );
}

const TITLES: Record<UserFormSection, string> = {
  identity: "Identity",
  contact: "Contact",
  address: "Address",
  location: "Location",
  status: "Status",
  onboarding: "Onboarding",
  profile: "Profile",
};

beforeEach(() => {
  // The badge picker asks for the company's badges: the network is the only thing stubbed.
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

describe("the worker form's sections", () => {
  it("show each catalogue field in its section, labelled as the catalogue says", () => {
    render(
      <Harness>
        <WorkerFormSections
          mapTileUrl=""
          readOnly={false}
          held={[]}
          badgeEdit={EMPTY_BADGE_EDIT}
          onBadgeEdit={() => undefined}
          badgeError={null}
        />
      </Harness>,
    );
    for (const [section, title] of Object.entries(TITLES) as [UserFormSection, string][]) {
      const region = screen.getByRole("region", { name: title });
      const names = [...region.querySelectorAll("input[name], select[name], textarea[name]")].map(
        (el) => el.getAttribute("name"),
      );
      expect(new Set(names), title).toEqual(new Set(fieldsOfSection(section)));
      for (const field of fieldsOfSection(section)) {
        const input = region.querySelector<HTMLInputElement>(`[name="${field}"]`);
        const label = input?.labels?.[0]?.textContent ?? "";
        expect(label.startsWith(USER_FIELDS[field].label), `${field}: "${label}"`).toBe(true);
      }
    }
  });
});
