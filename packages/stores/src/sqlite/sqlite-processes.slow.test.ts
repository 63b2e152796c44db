import { describeAcrossProcesses } from "../fixtures/process-contract.js";
import { describeRaces } from "../fixtures/race-contract.js";
import { sqliteHarness } from "../fixtures/store-harness.js";

// Four worker processes share one SQLite file with the test: 1,000 races between approvals and
// resumes; then eight at the same moment: 100 resumes of one conversation while a decision lands,
// 100 openings of a fresh store (npm run test:slow; a few minutes).
describeAcrossProcesses("SQLite", sqliteHarness, { trials: 1_000, crash: false });
describeRaces("SQLite", sqliteHarness, { resumes: 100, opens: 100 });
