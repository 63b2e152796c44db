import { describeAcrossProcesses } from "../fixtures/process-contract.js";
import { sqliteHarness } from "../fixtures/store-harness.js";

// Four worker processes share one SQLite file with the test: 1,000 races, then a killed worker.
describeAcrossProcesses("SQLite", sqliteHarness, 1_000);
