import { WorkerNotFound } from "@/components/workers/edit/worker-not-found";

export default function NotFound() {
  return <WorkerNotFound />;
}
