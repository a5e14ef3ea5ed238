import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { AuthCard } from "@/components/auth/auth-card";
import { ForgotPasswordForm } from "@/components/auth/forgot-password-form";
import { upstreamFor } from "@/lib/portal/server/upstream-base";

export const metadata: Metadata = { title: "Forgot password" };
export const dynamic = "force-dynamic";

/** "Forgot password" (our API's addition: the real service signs people in elsewhere). */
export default function ForgotPasswordPage() {
  if (!upstreamFor("test").embedded) notFound();
  return (
    <AuthCard
      title="Forgot your password?"
      intro="Enter the e-mail you sign in with; we send a link to choose a new password."
    >
      <ForgotPasswordForm />
    </AuthCard>
  );
}
