"use client";

import QRCode from "qrcode";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import type { TwoFactorEnrolment } from "@/lib/schemas/two-factor";

/**
 * Enrolment's middle step: the QR code of the otpauth URI (drawn here in the browser, never by
 * a third party), the secret as text for typing in, and the first code to confirm it.
 */
export function TwoFactorSetup({
  enrolment,
  busy,
  onConfirm,
  onCancel,
}: {
  enrolment: TwoFactorEnrolment;
  busy: boolean;
  onConfirm: (code: string) => void;
  onCancel: () => void;
}) {
  const [svg, setSvg] = useState<string | null>(null);
  const [code, setCode] = useState("");
  useEffect(() => {
    let live = true;
    void QRCode.toString(enrolment.otpauth_uri, { type: "svg", margin: 1 }).then((s) => {
      if (live) setSvg(s);
    });
    return () => {
      live = false;
    };
  }, [enrolment.otpauth_uri]);
  const grouped = enrolment.secret.match(/.{1,4}/g)?.join(" ") ?? enrolment.secret;

  return (
    <form
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        onConfirm(code.trim());
      }}
    >
      <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
        <li>Scan the QR code with your authenticator app, or type in the key below.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <div className="flex flex-wrap items-center gap-5">
        {svg ? (
          // biome-ignore lint/performance/noImgElement: a generated data URI, not an asset
          <img
            src={`data:image/svg+xml;utf8,${encodeURIComponent(svg)}`}
            alt="QR code for your authenticator app"
            width={176}
            height={176}
            className="rounded-lg ring-1 ring-slate-200"
          />
        ) : (
          <div className="size-44 animate-pulse rounded-lg bg-slate-100" />
        )}
        <div className="min-w-0">
          <p className="text-sm font-medium text-slate-900">Key</p>
          <code
            data-testid="two-factor-secret"
            className="mt-1 block break-all font-mono text-sm text-slate-800"
          >
            {grouped}
          </code>
        </div>
      </div>
      <div className="max-w-xs">
        <TextField
          label="Code from the app"
          autoComplete="one-time-code"
          inputMode="numeric"
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
      </div>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" busy={busy} disabled={!code.trim()}>
          Turn on
        </Button>
        <Button type="button" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
