import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

// Each test starts from an empty document.
afterEach(() => cleanup());

// findBy… and waitFor wait up to 5 s instead of Testing Library's 1 s. Parts of a form load on
// demand (the badge picker, the map), and on a slow 2-core CI machine running three test files
// at once the first such import took over a second: "posts a job … requiring two badges" failed
// there (2026-11-29, vitest 9:58 on that machine) while the same commit passed on a faster one.
// A wait that succeeds returns as soon as its element is there, so passing runs are no slower.
configure({ asyncUtilTimeout: 5_000 });
