import type { ReactNode } from "react";

export default function AuthLayout({ children }: { children: ReactNode }) {
  return <div className="min-h-screen bg-gradient-to-b from-indigo-50 to-slate-50">{children}</div>;
}
