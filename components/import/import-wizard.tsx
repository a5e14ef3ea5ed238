"use client";

import type { CountryCode } from "libphonenumber-js";
import { type ReactNode, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { guessMapping, type ImportField } from "@/lib/bulk/csv-import";
import { useImportActions, useImportRun, useRowChecks } from "@/lib/portal/client/hooks/use-import";
import { dismissImport } from "@/lib/portal/client/import-run";
import { ImportSteps, type StepKey } from "./import-steps";
import { MappingStep } from "./mapping-step";
import { PreviewStep } from "./preview-step";
import { ReportStep } from "./report-step";
import { ConfirmSend, SendProgress } from "./send-step";
import { type ImportSource, SourceStep } from "./source-step";

type Editing = "source" | "mapping" | "preview" | "confirm";

/**
 * Bulk invite from a spreadsheet, in five steps: choose the file, match its columns, review
 * every row, send (one invite per row, four at a time), and the report. While an import sends
 * or after it ended, the page shows that import (it survives moving to other pages and back).
 */
export function ImportWizard({ signedInAgain = false }: { signedInAgain?: boolean }) {
  const run = useImportRun();
  const { start, retry } = useImportActions();
  const [editing, setEditing] = useState<Editing>("source");
  const [moved, setMoved] = useState(false);
  const [source, setSource] = useState<ImportSource | null>(null);
  const [mapping, setMapping] = useState<(ImportField | null)[]>([]);
  const [country, setCountry] = useState<CountryCode>("US");
  const checks = useRowChecks(
    source?.parsed ?? null,
    mapping,
    country,
    // Not once sending: the look-up in the pool has nothing more to tell.
    !run && (editing === "preview" || editing === "confirm"),
  );

  const go = (step: Editing) => {
    setMoved(true);
    setEditing(step);
    window.scrollTo({ top: 0 });
  };

  const step: StepKey = run
    ? run.phase === "finished" || run.phase === "cancelled"
      ? "report"
      : "send"
    : editing === "confirm"
      ? "send"
      : editing;

  let body: ReactNode;
  if (run && step === "report") {
    body = (
      <ReportStep
        run={run}
        onRetry={retry}
        onAnother={() => {
          dismissImport();
          setSource(null);
          go("source");
        }}
      />
    );
  } else if (run) {
    body = <SendProgress run={run} />;
  } else if (editing === "source" || !source) {
    body = (
      <>
        {signedInAgain && !moved && (
          <div className="mb-6">
            <Alert tone="success" title="You are signed in again">
              If an import was paused in another tab, go back to that tab and press Resume.
            </Alert>
          </div>
        )}
        <SourceStep
          focusHeading={moved}
          onLoaded={(s) => {
            setSource(s);
            setMapping(guessMapping(s.parsed.headers));
            go("mapping");
          }}
        />
      </>
    );
  } else if (editing === "mapping") {
    body = (
      <MappingStep
        source={source}
        mapping={mapping}
        onMapping={setMapping}
        country={country}
        onCountry={setCountry}
        onBack={() => go("source")}
        onNext={() => go("preview")}
      />
    );
  } else if (editing === "preview" || checks.state !== "done") {
    body = (
      <PreviewStep
        result={checks}
        mapping={mapping}
        country={country}
        onBack={() => go("mapping")}
        onNext={() => go("confirm")}
      />
    );
  } else {
    body = (
      <ConfirmSend
        checks={checks.checks}
        fileName={source.name}
        onBack={() => go("preview")}
        onStart={() => start(source.name, checks.checks)}
      />
    );
  }

  return (
    <div className="space-y-8">
      <ImportSteps current={step} />
      {body}
    </div>
  );
}
