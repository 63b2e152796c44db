import { describeAcrossProcesses } from "../fixtures/process-contract.js";
import { describeRaces } from "../fixtures/race-contract.js";
import { sqliteHarness } from "../fixtures/store-harness.js";

// Four worker processes share one SQLite file with the test: 100 races between approvals and resumes,
// then a worker killed while its tool runs. Then eight at the same moment: 10 resumes of one
// conversation while a decision lands, 20 openings of a fresh store. The long runs are
// sqlite-processes.slow.test.ts.
describeAcrossProcesses("SQLite", sqliteHarness, { trials: 100, crash: true });
describeRaces("SQLite", sqliteHarness, { resumes: 10, opens: 20 });
