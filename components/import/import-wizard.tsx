"use client";

import type { CountryCode } from "libphonenumber-js";
import dynamic from "next/dynamic";
import { type ReactNode, useState } from "react";
import { Alert } from "@/components/ui/alert";
import type { ImportField } from "@/lib/bulk/csv-import";
import { useImportActions, useImportRun, useRowChecks } from "@/lib/portal/client/hooks/use-import";
import { dismissImport } from "@/lib/portal/client/import-run";
import { ImportSteps, type StepKey } from "./import-steps";
import { type ImportSource, SourceStep } from "./source-step";

// The page opens on the first step: the later ones (with the phone rules, the CSV writer and
// the sending) load once a file is chosen, or when this tab has an import to show.
const MappingStep = dynamic(() => import("./mapping-step").then((m) => m.MappingStep), {
  ssr: false,
});
const PreviewStep = dynamic(() => import("./preview-step").then((m) => m.PreviewStep), {
  ssr: false,
});
const ReportStep = dynamic(() => import("./report-step").then((m) => m.ReportStep), {
  ssr: false,
});
const ConfirmSend = dynamic(() => import("./send-step").then((m) => m.ConfirmSend), {
  ssr: false,
});
const SendProgress = dynamic(() => import("./send-step").then((m) => m.SendProgress), {
  ssr: false,
});

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
          onLoaded={async (s) => {
            // Loaded already: the step read the file with it.
            const { guessMapping } = await import("@/lib/bulk/csv-import");
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
