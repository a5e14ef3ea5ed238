import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { beforeAll, describe, expect, it } from "vitest";
import { LocationFields } from "./location-fields";
import {
  loadWorkerFormValidation,
  TEXT_FIELDS,
  type TextField,
  type WorkerFormOutput,
  type WorkerFormValues,
  workerFormResolver,
} from "./worker-form-model";

/** A worker with names only: every other field blank, as a fresh invitee's form is. */
const blank = (): WorkerFormValues => ({
  ...(Object.fromEntries(TEXT_FIELDS.map((f) => [f, ""])) as Record<TextField, string>),
  first_name: "Ada",
  last_name: "Lovelace",
  email: "ada@example.test",
  phone: "+14155550123",
  suspended: false,
  lower_pool: false,
});
let invalid: unknown = null;

let submitted: WorkerFormOutput | null = null;

function Harness({ children }: { children: ReactNode }) {
  const form = useForm<WorkerFormValues, unknown, WorkerFormOutput>({
    defaultValues: blank(),
    resolver: workerFormResolver,
    mode: "onTouched",
  });
  return (
    <FormProvider {...form}>
      <form
        onSubmit={form.handleSubmit(
          (out) => {
            submitted = out;
          },
          (errors) => {
            invalid = Object.keys(errors);
          },
        )}
      >
        {children}
        <button type="submit">Save</button>
      </form>
    </FormProvider>
  );
}

const paste = (el: HTMLElement, text: string) =>
  fireEvent.paste(el, { clipboardData: { getData: () => text } });

const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement;

// The form's rules load as a chunk of their own (zod, libphonenumber): loaded once up front, so
// a busy machine's import time is not counted against a test's wait.
beforeAll(async () => {
  await loadWorkerFormValidation();
}, 60_000);

describe("the location fields", () => {
  it("fill both halves from a pair pasted into either, and say so", async () => {
    render(
      <Harness>
        <LocationFields mapTileUrl="" readOnly={false} />
      </Harness>,
    );
    // The default (insertion) is prevented only when the text is a pair.
    expect(paste(field("Current latitude"), "(40.7484, -73.9857)")).toBe(false);
    expect(field("Current latitude").value).toBe("40.7484");
    expect(field("Current longitude").value).toBe("-73.9857");
    expect(await screen.findByText(/Latitude and longitude filled from the pasted pair\./)).toBe(
      screen.getAllByRole("status").find((s) => s.textContent?.startsWith("Latitude")),
    );

    expect(paste(field("Home longitude"), "40.748441234 -73.985664321")).toBe(false);
    expect(field("Home latitude").value).toBe("40.7484412");
    expect(field("Home longitude").value).toBe("-73.9856643");
    expect(
      screen.getByText(
        "Latitude and longitude filled from the pasted pair, rounded to 7 decimal places.",
      ),
    ).toBeTruthy();

    // One number pastes as usual.
    expect(paste(field("Current latitude"), "41.1")).toBe(true);
    expect(field("Current latitude").value).toBe("40.7484");
  });

  it("round more than 7 decimals when a field is left, and save the rounded value", async () => {
    submitted = null;
    invalid = null;
    render(
      <Harness>
        <LocationFields mapTileUrl="" readOnly={false} />
      </Harness>,
    );
    fireEvent.change(field("Current latitude"), { target: { value: "40.748412345" } });
    fireEvent.blur(field("Current latitude"));
    expect(field("Current latitude").value).toBe("40.7484123");
    expect(screen.getByText("Current location: rounded to 7 decimal places.")).toBeTruthy();

    // Not left (saved with the keyboard): the form still sends the rounded value, no error.
    fireEvent.change(field("Current longitude"), { target: { value: "-73.985664321" } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Save" }));
    });
    await waitFor(() => expect(submitted ?? invalid).not.toBeNull(), { timeout: 5_000 });
    expect(invalid).toBeNull();
    expect(submitted).toMatchObject({ latitude: "40.7484123", longitude: "-73.9856643" });
    expect(field("Current longitude").getAttribute("aria-invalid")).not.toBe("true");
  });

  it("set the pin chosen above the map with a click on it", async () => {
    const { container } = render(
      <Harness>
        <LocationFields mapTileUrl="" readOnly={false} />
      </Harness>,
    );
    const map = screen.getByRole("img", { name: /^Map preview: no current location set$/ });
    await screen.findByRole("button", { name: "Zoom in" });
    const home = screen.getByRole("button", { name: "Home" });
    expect(home.getAttribute("aria-pressed")).toBe("false");
    fireEvent.click(home);
    expect(home.getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(map, { clientX: 10, clientY: 10 });
    await waitFor(() => expect(field("Home latitude").value).not.toBe(""));
    expect(field("Home longitude").value).not.toBe("");
    expect(field("Current latitude").value).toBe("");
    await waitFor(() => expect(container.querySelector(".map-pin-home")).toBeTruthy());
    expect(container.querySelector(".map-pin-current")).toBeNull();
  });

  it("show no map controls of their own when read-only", () => {
    render(
      <Harness>
        <LocationFields mapTileUrl="" readOnly={true} />
      </Harness>,
    );
    expect(screen.queryByRole("button", { name: "Home" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Use my current location" })).toBeNull();
    expect(screen.getByText("No location set")).toBeTruthy();
  });
});
