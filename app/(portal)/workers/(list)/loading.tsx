import { WorkersPageSkeleton } from "@/components/workers/list/workers-skeleton";

export default function WorkersLoading() {
  return <WorkersPageSkeleton />;
}
