import { describeAcrossProcesses } from "../fixtures/process-contract.js";
import { postgresHarness } from "../fixtures/store-harness.js";

// Four worker processes share one PostgreSQL server with the test: 100 races between approvals and resumes,
// then a worker killed while its tool runs. The 1,000-race run is postgres-processes.slow.test.ts.
describeAcrossProcesses("PostgreSQL", postgresHarness, { trials: 100, crash: true });
