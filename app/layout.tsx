import type { Metadata } from "next";
import { connection } from "next/server";
import type { ReactNode } from "react";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Employer Portal", template: "%s · Employer Portal" },
  description: "Manage your workers, badges and invitations.",
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page renders per request: its scripts carry the nonce of that request's
  // Content-Security-Policy (lib/server/security-headers.ts). A page built ahead of time
  // could not, and the policy would block it.
  await connection();
  return (
    <html lang="en">
      <body className="min-h-screen font-sans">{children}</body>
    </html>
  );
}
