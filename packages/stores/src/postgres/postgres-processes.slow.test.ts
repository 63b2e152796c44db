import { describeAcrossProcesses } from "../fixtures/process-contract.js";
import { postgresHarness } from "../fixtures/store-harness.js";

// Four worker processes share one PostgreSQL server with the test: 1,000 races between approvals and
// resumes (npm run test:slow; a minute or two).
describeAcrossProcesses("PostgreSQL", postgresHarness, { trials: 1_000, crash: false });
