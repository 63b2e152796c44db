import { describeAcrossProcesses } from "../fixtures/process-contract.js";
import { postgresHarness } from "../fixtures/store-harness.js";

// Four worker processes share one PostgreSQL server with the test: 1,000 races, then a killed worker.
describeAcrossProcesses("PostgreSQL", postgresHarness, 1_000);
