import { describeAcrossProcesses } from "../fixtures/process-contract.js";
import { sqliteHarness } from "../fixtures/store-harness.js";

// Four worker processes share one SQLite file with the test: 1,000 races between approvals and
// resumes (npm run test:slow; a minute or two).
describeAcrossProcesses("SQLite", sqliteHarness, { trials: 1_000, crash: false });
