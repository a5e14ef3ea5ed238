import { fireEvent, render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { describe, expect, it } from "vitest";
import { SsnField } from "./ssn-field";
import { displayValue, maskSsn, type WorkerFormValues } from "./worker-form-model";

function Harness({ ssn, children }: { ssn: string; children: ReactNode }) {
  const form = useForm<WorkerFormValues>({ defaultValues: { ssn } as WorkerFormValues });
  return <FormProvider {...form}>{children}</FormProvider>;
}

const CONCEALED = "[-webkit-text-security:disc]";

describe("the SSN field", () => {
  it("conceals the number until Show is pressed, and stays editable either way", () => {
    render(
      <Harness ssn="123-45-6789">
        <SsnField hint="Only if needed." />
      </Harness>,
    );
    const input = screen.getByLabelText("Social Security number") as HTMLInputElement;
    const show = screen.getByRole("button", { name: "Show Social Security number" });
    expect(input.value).toBe("123-45-6789");
    expect(input.className).toContain(CONCEALED);
    expect(show.getAttribute("aria-pressed")).toBe("false");
    // Only the last four digits are on screen in clear.
    expect(screen.getByText("•••-••-6789")).toBeTruthy();
    expect(document.body.textContent).not.toContain("123-45");

    fireEvent.click(show);
    expect(show.getAttribute("aria-pressed")).toBe("true");
    expect(input.className).not.toContain(CONCEALED);
    expect(screen.queryByText("•••-••-6789")).toBeNull();

    fireEvent.click(show);
    expect(input.className).toContain(CONCEALED);
    fireEvent.change(input, { target: { value: "987-65-4321" } });
    expect(input.value).toBe("987-65-4321");
    expect(input.readOnly).toBe(false);
    expect(screen.getByText("•••-••-4321")).toBeTruthy();
  });

  it("shows no mask and nothing to reveal for an empty number, until one is typed", () => {
    render(
      <Harness ssn="">
        <SsnField hint="Only if needed." />
      </Harness>,
    );
    expect(screen.getByText("Only if needed.").textContent).toBe("Only if needed.");
    expect(screen.queryByRole("button")).toBeNull();
    fireEvent.change(screen.getByLabelText("Social Security number"), {
      target: { value: "123-45-6789" },
    });
    expect(screen.getByRole("button", { name: "Show Social Security number" })).toBeTruthy();
  });

  it("masks an SSN wherever the editor shows a value (conflicts, history)", () => {
    expect(maskSsn("123456789")).toBe("•••-••-6789");
    expect(maskSsn("•••-••-6789")).toBe("•••-••-6789");
    expect(maskSsn("12")).toBe("•••-••-••••");
    expect(displayValue("ssn", "123-45-6789")).toBe("•••-••-6789");
    expect(displayValue("ssn", "")).toBe("(empty)");
  });
});
