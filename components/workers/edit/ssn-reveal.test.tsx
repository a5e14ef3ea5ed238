import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PortalAccessProvider } from "@/components/portal/portal-access";
import type { Role } from "@/lib/schemas/permissions";
import { SsnField } from "./ssn-field";
import { SsnRevealScope } from "./ssn-reveal";
import type { WorkerFormValues } from "./worker-form-model";

function Harness({ as: role, children }: { as: Role; children: ReactNode }) {
  // A person's read of a worker: the API gives the last four digits only.
  const form = useForm<WorkerFormValues>({
    defaultValues: { ssn: "•••-••-6789" } as WorkerFormValues,
  });
  return (
    <PortalAccessProvider
      access={{ pool: "private", person: { id: 7, name: "Dana Lee", email: "d@x.io", role } }}
    >
      <SsnRevealScope workerId={42}>
        <FormProvider {...form}>{children}</FormProvider>
      </SsnRevealScope>
    </PortalAccessProvider>
  );
}

afterEach(() => vi.unstubAllGlobals());

describe("revealing a worker's SSN", () => {
  it("a requestor reveals the number through the proxy; the field keeps the last four", async () => {
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify({ ssn: "123-45-6789" }), {
          status: 200,
          headers: { "content-type": "application/json" },
        }),
    );
    vi.stubGlobal("fetch", fetch);
    render(
      <Harness as="requestor">
        <SsnField hint="Only if needed." />
      </Harness>,
    );
    expect(screen.queryByRole("button", { name: /^Show/ })).toBeNull();
    const reveal = screen.getByRole("button", { name: "Reveal Social Security number" });
    fireEvent.click(reveal);
    expect(await screen.findByText("123-45-6789")).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith("/api/proxy/users/42/ssn", expect.anything());
    const input = screen.getByLabelText("Social Security number") as HTMLInputElement;
    expect(input.value).toBe("•••-••-6789");
    fireEvent.click(screen.getByRole("button", { name: "Hide Social Security number" }));
    await waitFor(() => expect(screen.queryByText("123-45-6789")).toBeNull());
  });

  it("a read-only person is offered no Reveal", () => {
    vi.stubGlobal("fetch", vi.fn());
    render(
      <Harness as="read_only">
        <SsnField hint="Only if needed." />
      </Harness>,
    );
    expect(screen.queryByRole("button")).toBeNull();
    expect(document.body.textContent).not.toContain("123-45");
  });
});
