import { describeAcrossProcesses } from "../fixtures/process-contract.js";
import { sqliteHarness } from "../fixtures/store-harness.js";

// Four worker processes share one SQLite file with the test: 100 races between approvals and resumes,
// then a worker killed while its tool runs. The 1,000-race run is sqlite-processes.slow.test.ts.
describeAcrossProcesses("SQLite", sqliteHarness, { trials: 100, crash: true });
