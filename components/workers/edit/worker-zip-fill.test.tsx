import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import type { WorkerFormValues } from "./worker-form-model";
import { WorkerZipFill } from "./worker-zip-fill";

let asked: string[];
beforeEach(() => {
  asked = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string) => {
      asked.push(input);
      return new Response(
        JSON.stringify({
          zip: "60601",
          city: "Chicago",
          state: "IL",
          time_zone: "America/Chicago",
          latitude: 41.8858,
          longitude: -87.6181,
        }),
        { status: 200, headers: { "content-type": "application/json" } },
      );
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

let form: ReturnType<typeof useForm<WorkerFormValues>>;
function Harness({ children, zip }: { children: ReactNode; zip: string }) {
  form = useForm<WorkerFormValues>({
    defaultValues: { zip, city: "", address_state: "", home_latitude: "", home_longitude: "" },
  });
  return (
    <FormProvider {...form}>
      <label>
        ZIP code
        <input {...form.register("zip")} />
      </label>
      {children}
    </FormProvider>
  );
}

const renderFill = (enabled: boolean, zip = "") =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Harness zip={zip}>
        <WorkerZipFill enabled={enabled} />
      </Harness>
    </QueryClientProvider>,
  );

it("fills city and state from a typed ZIP; the home pin moves only on request", async () => {
  const user = userEvent.setup();
  renderFill(true);
  await user.type(screen.getByLabelText("ZIP code"), "60601");
  expect(await screen.findByText("ZIP 60601 is Chicago, IL. Filled: city and state.")).toBeTruthy();
  expect(form.getValues(["city", "address_state", "home_latitude"])).toEqual(["Chicago", "IL", ""]);
  await user.click(screen.getByRole("button", { name: "Use ZIP centre as home" }));
  expect(form.getValues(["home_latitude", "home_longitude"])).toEqual(["41.8858", "-87.6181"]);
  expect(screen.getByText(/Home location set to the centre of ZIP 60601/)).toBeTruthy();
});

it("opening a saved worker changes nothing; against the real service nothing is asked", async () => {
  renderFill(true, "60601");
  expect(await screen.findByText("ZIP 60601 is Chicago, IL.")).toBeTruthy();
  await waitFor(() => expect(form.formState.isDirty).toBe(false));
  expect(form.getValues("city")).toBe("");
  renderFill(false, "60601");
  expect(
    screen.getByText("The ZIP is not looked up: the live service has no ZIP table."),
  ).toBeTruthy();
  expect(asked).toEqual(["/api/proxy/zip_codes/60601"]);
});
