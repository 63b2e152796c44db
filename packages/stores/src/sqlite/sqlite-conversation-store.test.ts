import { describeBadInput } from "../fixtures/bad-input-contract.js";
import { sqliteHarness } from "../fixtures/store-harness.js";
import { describeStoreContract } from "../fixtures/store-contract.js";

// A real SQLite file in a temp folder, opened by several Database handles as separate instances would.
describeStoreContract("SQLite", sqliteHarness);
describeBadInput("SQLite", sqliteHarness);
