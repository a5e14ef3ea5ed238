import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { AuthCard } from "@/components/auth/auth-card";
import { ResetPasswordForm } from "@/components/auth/reset-password-form";
import { upstreamFor } from "@/lib/portal/server/upstream-base";

export const metadata: Metadata = {
  title: "Choose a new password",
  robots: { index: false, follow: false },
  // The reset token lives in this page's fragment: nothing it links to learns the page.
  referrer: "no-referrer",
};
export const dynamic = "force-dynamic";

/** The reset link's page: the token from the fragment, a new password twice. */
export default function ResetPasswordPage() {
  if (!upstreamFor("test").embedded) notFound();
  return (
    <AuthCard title="Choose a new password">
      <ResetPasswordForm />
    </AuthCard>
  );
}
