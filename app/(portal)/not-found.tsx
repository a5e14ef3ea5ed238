import Link from "next/link";
import { buttonClass } from "@/components/ui/button";

export default function NotFound() {
  return (
    <div className="mx-auto max-w-lg rounded-xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
      <h1 className="text-lg font-semibold text-slate-900">Not found</h1>
      <p className="mt-2 text-sm text-slate-600">
        This page or record does not exist, or your keys cannot see it.
      </p>
      <Link href="/workers" className={buttonClass("primary", "mt-6")}>
        Back to workers
      </Link>
    </div>
  );
}
