"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import {
  type KeyboardEvent,
  type ReactNode,
  startTransition,
  useEffect,
  useRef,
  useState,
} from "react";
import { FormProvider, useForm } from "react-hook-form";
import { loadBadgeSearch } from "@/components/badges/badge-picker";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClass } from "@/components/ui/button";
import { NoticeCard } from "@/components/ui/notice-card";
import { ApiClientError } from "@/lib/portal/client/fetcher";
import { useCreateJobRequest } from "@/lib/portal/client/hooks/use-jobs";
import { PartialSeriesError, useCreateSeries } from "@/lib/portal/client/hooks/use-series";
import { placeFieldErrorsOf } from "@/lib/portal/client/place-field-errors";
import { useDraft, useUnsavedChangesWarning } from "@/lib/portal/client/use-draft";
import type { JobRequest } from "@/lib/portal/job-types";
import type { SessionPerson } from "@/lib/portal/types";
import {
  browserTimeZone,
  emptyValues,
  FORM_FIELDS,
  loadPostJobValidation,
  type PostIntent,
  type PostJobFormValues,
  postJobResolver,
  toRequestBody,
  withFormFieldNames,
} from "./post-job-model";
import { WhatSection, WhenSection, WhoSection } from "./post-job-sections";
import { badgesOfRequest, nextWeekStart, valuesFromFields } from "./prefill";
import { QualifiedLine } from "./qualified-line";
import { RepeatField } from "./repeat-field";
import { RequestorField } from "./requestor-field";
import { NO_REPEAT, type RepeatChoice, validCount } from "./series-model";
import { TemplateBar } from "./template-bar";
import { WhereSection } from "./where-section";

type Props = {
  /** "public": public-pool keys only read; they cannot post. */
  pool: "private" | "public" | null;
  mapTileUrl: string;
  /** The person signed in (our API's sign-in), the default requestor; null for a key pair. */
  me?: SessionPerson | null;
  /** "Post again": the posting the form starts from (read by the page), or null. */
  from?: JobRequest | null;
  /**
   * Our API's additions to posting: templates, the live count of qualified workers and the ZIP
   * fill (our ZIP table). False against the real service, which has none (the page says so).
   */
  additions?: boolean;
};

/**
 * True once the page runs in the browser: the form renders there only (its defaults are the
 * browser's: tomorrow, its time zone), so the server's render cannot disagree with them. As a
 * transition, which React renders in slices and answers input between: rendered at once, the
 * form was one task of 100-200 ms right after the page appeared (Lighthouse's blocking time).
 */
function useInBrowser(): boolean {
  const [inBrowser, setInBrowser] = useState(false);
  useEffect(() => startTransition(() => setInBrowser(true)), []);
  return inBrowser;
}

/** The "Post a job" page: header, and the form (or why it cannot be used). */
export function PostJobForm({
  pool,
  mapTileUrl,
  me = null,
  from = null,
  additions = false,
}: Props) {
  const inBrowser = useInBrowser();
  return (
    <div className="mx-auto max-w-6xl">
      <nav aria-label="Breadcrumb" className="text-sm text-slate-500">
        <Link href="/jobs" className="hover:text-slate-800">
          Jobs
        </Link>
        <span aria-hidden="true"> / </span>
        <span className="text-slate-800">Post a job</span>
      </nav>
      <h1 className="mt-2 text-2xl font-bold tracking-tight text-slate-900">Post a job</h1>
      <p className="mt-1 max-w-2xl text-sm text-slate-600">
        Describe the work, pin the site and say who can do it. Save a draft at any time; posting
        offers the job to the best-matched workers in your pool.
      </p>
      <div className="mt-8">
        {pool === "public" ? (
          <NoticeCard
            icon="lock"
            title="Public-pool keys cannot post jobs"
            action={
              <Link href="/jobs" className={buttonClass("secondary")}>
                Back to jobs
              </Link>
            }
          >
            <p>
              Your keys give public-pool access, which can only read job requests. Posting a job
              needs a private-pool key.
            </p>
          </NoticeCard>
        ) : inBrowser ? (
          <PostJobEditor mapTileUrl={mapTileUrl} me={me} from={from} additions={additions} />
        ) : (
          <PostJobSkeleton />
        )}
      </div>
    </div>
  );
}

function PostJobEditor({
  mapTileUrl,
  me,
  from,
  additions,
}: {
  mapTileUrl: string;
  me: SessionPerson | null;
  from: JobRequest | null;
  additions: boolean;
}) {
  const router = useRouter();
  const create = useCreateJobRequest();
  const createSeries = useCreateSeries();
  const [repeat, setRepeat] = useState<RepeatChoice>(NO_REPEAT);
  const repeating = repeat.type !== "none";
  const draft = useDraft<PostJobFormValues>("/jobs/new");
  const [browserZone] = useState(browserTimeZone);
  // The person signed in requests the job unless they choose a teammate.
  const requestedBy = me ? String(me.id) : "";
  const [fresh] = useState(() => {
    const blank = { ...emptyValues(new Date(), browserZone), employer_id: requestedBy };
    if (!from) return blank;
    // "Post again": everything the posting says, and a new start (see nextWeekStart).
    const values = valuesFromFields(from, blank, badgesOfRequest(from));
    return { ...values, ...(nextWeekStart(from.start_time, values.timezone) ?? {}) };
  });
  const form = useForm<PostJobFormValues>({ resolver: postJobResolver, defaultValues: fresh });
  const {
    handleSubmit,
    setValue,
    setError,
    getValues,
    reset,
    watch,
    formState: { isDirty, isSubmitting },
  } = form;
  const [formError, setFormError] = useState<ReactNode>(null);
  const [pending, setPending] = useState<PostIntent | null>(null);
  const [done, setDone] = useState(false);
  const [restored, setRestored] = useState(false);
  const inFlight = useRef(false);

  // What only checking and badge search need loads beside the form, not as part of the page.
  useEffect(() => {
    loadPostJobValidation().catch(() => undefined);
    loadBadgeSearch().catch(() => undefined);
  }, []);

  // Input kept from before (a session that ended, a reload) comes back, once, on arrival.
  const checkedDraft = useRef(false);
  useEffect(() => {
    if (checkedDraft.current) return;
    checkedDraft.current = true;
    // Asked to post a posting again: that is what the form shows, not an older draft.
    if (from) return;
    const saved = draft.read();
    if (!saved || typeof saved !== "object" || !Array.isArray(saved.badges)) return;
    const values = { ...fresh, ...saved, state: "posted" as const };
    if (JSON.stringify(values) === JSON.stringify(fresh)) return;
    reset(values, { keepDefaultValues: true });
    setRestored(true);
  }, [draft, reset, fresh, from]);
  useEffect(() => {
    const sub = watch((values) => {
      if (!done) draft.save(values as PostJobFormValues);
    });
    return () => sub.unsubscribe();
  }, [watch, draft, done]);
  useUnsavedChangesWarning(isDirty && !done);

  const startOver = () => {
    reset({ ...emptyValues(new Date(), browserZone), employer_id: requestedBy });
    draft.clear();
    setRestored(false);
    setFormError(null);
  };

  const onValid = async (values: PostJobFormValues) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setPending(values.state);
    setFormError(null);
    // If the session has ended, the shell goes to sign-in: what was typed must be kept first.
    draft.saveNow(getValues());
    try {
      let firstId: number;
      if (repeat.type !== "none") {
        if (!validCount(repeat.count)) {
          inFlight.current = false;
          setPending(null);
          setFormError("Choose how many postings the series has (see Repeats).");
          return;
        }
        ({ firstId } = await createSeries.mutateAsync({
          rules: {
            repeat_type: repeat.type,
            repeat_number: repeat.count,
            same_workers: repeat.sameWorkers,
          },
          body: toRequestBody(values),
        }));
      } else {
        firstId = (await create.mutateAsync(toRequestBody(values))).id;
      }
      setDone(true);
      draft.clear();
      router.push(`/jobs/${firstId}`);
    } catch (err) {
      inFlight.current = false;
      setPending(null);
      if (err instanceof PartialSeriesError) {
        setFormError(
          <>
            {err.message}{" "}
            {err.postedIds[0] !== undefined && (
              <Link href={`/jobs/${err.postedIds[0]}`} className="font-medium underline">
                Open day 1
              </Link>
            )}
          </>,
        );
        return;
      }
      showSaveError(err, values.state);
    }
  };

  const showSaveError = (err: unknown, intent: PostIntent) => {
    const what = intent === "draft" ? "The draft was not saved" : "The job was not posted";
    if (!(err instanceof ApiClientError)) {
      setFormError(`${what}. Try again.`);
      return;
    }
    if (err.status === 401 || err.code === "session_expired") return;
    const { placed, others } = placeFieldErrorsOf(withFormFieldNames(err), FORM_FIELDS, setError);
    const unplaced = others.map(
      ([field, messages]) => `${field.replaceAll("_", " ")} ${messages.join(", ")}`,
    );
    if (unplaced.length > 0) setFormError(`${what}: ${err.message} (${unplaced.join("; ")})`);
    else if (placed)
      setFormError(`${what}: some fields need attention (see the messages next to them).`);
    else setFormError(`${what}: ${err.message}`);
  };

  // The button's click comes before the form's submit event.
  const submitAs = (intent: PostIntent) => () => setValue("state", intent);
  // Enter in a field would submit the whole form as a draft and leave the page: in a form this
  // long it is a stray key far more often than a choice, so only the buttons submit.
  const noImplicitSubmit = (e: KeyboardEvent<HTMLFormElement>) => {
    const target = e.target as HTMLElement;
    if (e.key === "Enter" && target instanceof HTMLInputElement) {
      e.preventDefault();
    }
  };
  const onSubmit = handleSubmit(onValid, () => setFormError(null));
  const busy = isSubmitting || pending !== null || done;

  return (
    <FormProvider {...form}>
      {restored && (
        <div className="mb-6">
          <Alert tone="info">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p>We restored the job you had not saved yet.</p>
              <Button variant="secondary" onClick={startOver}>
                Start over
              </Button>
            </div>
          </Alert>
        </div>
      )}
      {from && (
        <div className="mb-6">
          <Alert tone="info">
            <p>
              Filled from{" "}
              <Link href={`/jobs/${from.id}`} className="font-medium underline">
                {from.request_name?.trim() || `job request #${from.id}`}
              </Link>
              .{" "}
              {fresh.start_date
                ? "It starts a week after the original, at the same time: change the date if you need another."
                : "Pick a date: a week after the original has already passed."}
            </p>
          </Alert>
        </div>
      )}
      {additions ? (
        <TemplateBar onApplied={() => setRestored(false)} />
      ) : (
        <p className="mb-6 text-sm text-slate-600">
          Templates and the count of qualified workers are features of this portal's own API; the
          service you are connected to does not offer them.
        </p>
      )}
      <form
        onSubmit={onSubmit}
        onKeyDown={noImplicitSubmit}
        noValidate
        aria-label="Post a job"
        className="space-y-8"
      >
        <p className="text-sm text-slate-600">
          <span aria-hidden="true" className="text-red-600">
            *
          </span>{" "}
          Needed to post. A draft needs only a request name.
        </p>
        <WhatSection requestor={<RequestorField me={me} teamReadable />} />
        <WhenSection browserZone={browserZone}>
          <RepeatField value={repeat} onChange={setRepeat} />
        </WhenSection>
        <WhereSection mapTileUrl={mapTileUrl} zipLookup={additions} />
        <WhoSection />
        {additions && <QualifiedLine />}

        {/* Follows the user down the page: the two ways out of the form are always at hand. */}
        <div className="sticky bottom-3 z-20 mt-10 rounded-xl bg-white/95 px-4 py-3 shadow-lg ring-1 ring-slate-900/10 backdrop-blur sm:bottom-4 sm:px-5">
          {formError && (
            <div className="mb-3">
              <Alert tone="error">{formError}</Alert>
            </div>
          )}
          <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
            <p role="status" className="hidden text-sm text-slate-600 sm:block">
              {done
                ? "Saved — opening the job…"
                : pending === "draft"
                  ? "Saving the draft…"
                  : pending === "posted"
                    ? "Posting the job…"
                    : "Drafts stay private to your team. Posting notifies matching workers."}
            </p>
            <div className="flex flex-1 gap-3 sm:flex-none">
              <Button
                type="submit"
                variant="secondary"
                className="flex-1 sm:flex-none"
                busy={pending === "draft"}
                disabled={busy}
                onClick={submitAs("draft")}
              >
                Save draft
              </Button>
              <Button
                type="submit"
                className="flex-1 sm:flex-none"
                busy={pending === "posted"}
                disabled={busy}
                onClick={submitAs("posted")}
              >
                {repeating && validCount(repeat.count) ? `Post ${repeat.count} days` : "Post job"}
              </Button>
            </div>
          </div>
        </div>
      </form>
    </FormProvider>
  );
}

function PostJobSkeleton() {
  return (
    <div aria-hidden="true" className="space-y-8">
      {[0, 1, 2, 3].map((i) => (
        <div
          key={i}
          className="grid gap-x-8 gap-y-3 border-t border-slate-200 pt-8 first:border-t-0 first:pt-0 lg:grid-cols-3"
        >
          <div className="space-y-2">
            <div className="h-5 w-24 animate-pulse rounded bg-slate-200" />
            <div className="h-4 w-48 animate-pulse rounded bg-slate-100" />
          </div>
          <div className="h-48 rounded-xl bg-white ring-1 ring-slate-200 lg:col-span-2" />
        </div>
      ))}
    </div>
  );
}
