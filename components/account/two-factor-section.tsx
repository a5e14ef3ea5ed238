"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { apiFetch } from "@/lib/portal/client/fetcher";
import type { TwoFactorEnrolment } from "@/lib/schemas/two-factor";
import { RecoveryCodes } from "./recovery-codes";
import { TwoFactorSetup } from "./two-factor-setup";

type Me = {
  user: { two_factor_enabled: boolean } | null;
  company: { require_two_factor: boolean };
};

const messageOf = (err: unknown) => (err instanceof Error ? err.message : "Something went wrong.");

/**
 * "Two-factor sign-in" on the account page: off → start (QR code and secret) → a code confirms →
 * the recovery codes, shown once, until "I have saved them" → on; turned off with the password
 * unless the company requires it.
 */
export function TwoFactorSection() {
  const queryClient = useQueryClient();
  const me = useQuery({
    queryKey: ["me"],
    queryFn: async () => (await apiFetch<Me>("/me")).data,
  });
  const [enrolment, setEnrolment] = useState<TwoFactorEnrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<void>) => {
    setError(null);
    setBusy(true);
    try {
      await work();
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["me"] });
  const enabled = me.data?.user?.two_factor_enabled ?? false;
  const required = me.data?.company.require_two_factor ?? false;

  let body: React.ReactNode;
  if (codes) {
    body = (
      <RecoveryCodes
        codes={codes}
        onSaved={() => {
          setCodes(null);
          // The portal's pages open again once it is on: a fresh load asks the API.
          window.location.assign("/account");
        }}
      />
    );
  } else if (enrolment) {
    body = (
      <TwoFactorSetup
        enrolment={enrolment}
        busy={busy}
        onConfirm={(code) =>
          run(async () => {
            const done = await apiFetch<{ recovery_codes: string[] }>("/me/two_factor/confirm", {
              method: "POST",
              json: { code },
            });
            setEnrolment(null);
            setCodes(done.data.recovery_codes);
            await refresh();
          })
        }
        onCancel={() => setEnrolment(null)}
      />
    );
  } else if (enabled) {
    body = (
      <div className="space-y-3">
        <p className="text-sm text-slate-700">
          <span className="font-semibold text-emerald-700">On.</span> Signing in asks for a code
          from your authenticator app (or a recovery code).
        </p>
        {required ? (
          <p className="text-sm text-slate-600">Your company requires it, so it stays on.</p>
        ) : (
          <form
            className="flex flex-wrap items-end gap-3"
            onSubmit={(e) => {
              e.preventDefault();
              void run(async () => {
                await apiFetch("/me/two_factor", { method: "DELETE", json: { password } });
                setPassword("");
                await refresh();
              });
            }}
          >
            <div className="min-w-56 flex-1">
              <TextField
                label="Your password, to turn it off"
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            </div>
            <Button type="submit" variant="danger" busy={busy} disabled={!password}>
              Turn off
            </Button>
          </form>
        )}
      </div>
    );
  } else {
    body = (
      <div className="space-y-3">
        <p className="text-sm text-slate-700">
          Off. Add a second step to signing in: a 6-digit code from an authenticator app on your
          phone.
        </p>
        <Button
          busy={busy}
          disabled={!me.data}
          onClick={() =>
            run(async () => {
              const started = await apiFetch<TwoFactorEnrolment>("/me/two_factor", {
                method: "POST",
              });
              setEnrolment(started.data);
            })
          }
        >
          Set up two-factor sign-in
        </Button>
      </div>
    );
  }

  return (
    <section
      aria-labelledby="two-factor-heading"
      className="space-y-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="two-factor-heading" className="text-lg font-semibold text-slate-900">
        Two-factor sign-in
      </h2>
      {error && <Alert tone="error">{error}</Alert>}
      {me.isError ? <Alert tone="error">{messageOf(me.error)}</Alert> : body}
    </section>
  );
}
