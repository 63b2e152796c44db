import { Context, ToolPolicyStatus, type ContextSecret, type ToolCall } from "@tooltype/core";
import type { ConversationRow, ConversationRows } from "./conversation-rows.js";
import { checkId, idProblem } from "./conversation-id.js";
import type {
  ConversationStore,
  ConversationStoreOptions,
  LoadedConversation,
  PendingConversation,
  ResumeResult,
} from "./conversation-store.js";
import { hasWorkToResume, isDecided } from "./resumable.js";
import {
  ConflictError,
  ConversationBusyError,
  ConversationIdError,
  ConversationNotFoundError,
  StoredConversationError,
} from "./store-errors.js";

const DEFAULT_LEASE_MS = 60_000;
// A decision or a claim retried this many times against fresh copies before giving up.
const ATTEMPTS = 50;

/**
 * The store logic over any SQL database: versions, leases, decisions and resumes. The
 * database-specific part is `ConversationRows` (one atomic statement per method).
 */
export class RowConversationStore implements ConversationStore {
  readonly #rows: ConversationRows;
  readonly #secret: ContextSecret;
  readonly #toolPolicy: ConversationStoreOptions["toolPolicy"];
  readonly #leaseMs: number;
  #opened: Promise<void> | undefined;

  constructor(rows: ConversationRows, options: ConversationStoreOptions) {
    if (options === undefined || options.secret === undefined)
      throw new TypeError("A conversation store needs a secret: stored conversations are signed and checked.");
    const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
    if (!Number.isInteger(leaseMs) || leaseMs < 10)
      throw new RangeError(`leaseMs must be an integer ≥ 10, got ${leaseMs}.`);
    this.#rows = rows;
    this.#secret = options.secret;
    this.#toolPolicy = options.toolPolicy;
    this.#leaseMs = leaseMs;
  }

  open(): Promise<void> {
    // A failed open is not cached: the next call tries again.
    this.#opened ??= this.#rows.init().catch((error: unknown) => {
      this.#opened = undefined;
      throw error;
    });
    return this.#opened;
  }

  async load(id: string): Promise<LoadedConversation | undefined> {
    checkId(id);
    await this.open();
    const row = await this.#rows.get(id);
    if (row === undefined) return undefined;
    return { id, context: this.#restore(row), version: row.version, updatedAt: row.updatedAt };
  }

  async save(id: string, context: Context, expectedVersion: number | null): Promise<number> {
    checkId(id);
    await this.open();
    const now = Date.now();
    if (expectedVersion === null) {
      const row = this.#row(id, context, 1, 0, now);
      if (await this.#rows.insert(row)) return 1;
      throw new ConflictError(id, null, (await this.#rows.get(id))?.version);
    }
    const row = this.#row(id, context, expectedVersion + 1, 0, now);
    if (await this.#rows.update(row, expectedVersion, now)) return row.version;
    throw await this.#failedWrite(id, expectedVersion, now);
  }

  async listPending(options: { limit?: number } = {}): Promise<PendingConversation[]> {
    await this.open();
    const rows = await this.#rows.listAwaiting(options.limit ?? 100);
    return rows.map((row): PendingConversation => {
      const entry = { id: row.id, version: row.version, updatedAt: row.updatedAt };
      // A row another application wrote with an id no method takes: shown, flagged, never usable.
      const problem = idProblem(row.id);
      if (problem !== undefined) return { ...entry, calls: [], error: new ConversationIdError(row.id, problem) };
      try {
        const calls = this.#restore(row)
          .pending()
          .map((call) => ({ id: call.id, name: call.name, arguments: call.arguments }));
        return { ...entry, calls };
      } catch (error) {
        return { ...entry, calls: [], error: error as Error };
      }
    });
  }

  async listReady(options: { limit?: number } = {}): Promise<string[]> {
    await this.open();
    // An id written by another application that `resume` would refuse is left out.
    return (await this.#rows.listReady(Date.now(), options.limit ?? 100)).filter((id) => idProblem(id) === undefined);
  }

  approve(id: string, callId: string): Promise<number> {
    return this.#decide(id, (context) => context.approve(callId));
  }

  reject(id: string, callId: string, reason?: string): Promise<number> {
    return this.#decide(id, (context) => context.reject(callId, reason));
  }

  async resume<T>(id: string, run: (context: Context) => Promise<T>): Promise<ResumeResult<T>> {
    checkId(id);
    await this.open();
    const claim = await this.#claim(id);
    if (claim.context === undefined) return { resumed: false, version: claim.version };
    const { context, version: claimVersion } = claim;
    const renewal = this.#keepLease(id, claimVersion);
    let value: T;
    try {
      value = await run(context);
    } catch (error) {
      renewal.stop();
      // What ran is recorded even when the run failed (a completion leaves the context whole).
      await this.#release(id, context, claimVersion).catch(() => undefined);
      throw error;
    }
    renewal.stop();
    return { resumed: true, value, version: await this.#release(id, context, claimVersion) };
  }

  async delete(id: string, expectedVersion?: number): Promise<boolean> {
    checkId(id);
    await this.open();
    return this.#rows.remove(id, expectedVersion);
  }

  /**
   * Takes the conversation for this worker: one conditional write records every approved call as
   * started and sets the lease, before any of them runs (if this worker dies, the next resume
   * reads them as interrupted instead of running them again). A claim that loses to another
   * instance's save (a decision, another worker's resume) is tried again on the fresh copy; a row
   * a worker holds is Busy. Without a context: nothing to resume at `version`, nothing written.
   */
  async #claim(id: string): Promise<{ context?: Context; version: number }> {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const { row, context, now } = await this.#freeCopy(id);
      if (!hasWorkToResume(context)) return { version: row.version };
      const claimed = context
        .unanswered()
        .filter((call) => !call.started && call.policyResult?.status === ToolPolicyStatus.Allowed);
      const claim = this.#row(id, context, row.version + 1, now + this.#leaseMs, now, claimed);
      if (await this.#rows.update(claim, row.version, now)) return { context, version: claim.version };
    }
    throw new ConversationBusyError(id, Date.now(), ATTEMPTS);
  }

  async #release(id: string, context: Context, claimVersion: number): Promise<number> {
    const now = Date.now();
    const row = this.#row(id, context, claimVersion + 1, 0, now);
    if (await this.#rows.update(row, claimVersion)) return row.version;
    throw await this.#failedWrite(id, claimVersion, now);
  }

  #keepLease(id: string, version: number): { stop(): void } {
    const timer = setInterval(
      () => void this.#rows.renewLease(id, version, Date.now() + this.#leaseMs).catch(() => undefined),
      Math.max(5, Math.floor(this.#leaseMs / 3)),
    );
    timer.unref();
    return { stop: () => clearInterval(timer) };
  }

  // Load, decide, save at the version loaded; a concurrent save means: do it again on the fresh copy.
  async #decide(id: string, decision: (context: Context) => ToolCall): Promise<number> {
    checkId(id);
    await this.open();
    let lastConflict: ConflictError | undefined;
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const { row, context, now } = await this.#freeCopy(id);
      decision(context);
      const next = this.#row(id, context, row.version + 1, 0, now);
      if (await this.#rows.update(next, row.version, now)) return next.version;
      const failure = await this.#failedWrite(id, row.version, now);
      if (!ConflictError.isInstance(failure)) throw failure;
      lastConflict = failure;
    }
    throw lastConflict!;
  }

  // The stored conversation, read to be changed: not found, or held by a worker, is thrown.
  async #freeCopy(id: string): Promise<{ row: ConversationRow; context: Context; now: number }> {
    const row = await this.#rows.get(id);
    if (row === undefined) throw new ConversationNotFoundError(id);
    const now = Date.now();
    if (row.leaseUntil > now) throw new ConversationBusyError(id, row.leaseUntil);
    return { row, context: this.#restore(row), now };
  }

  // Why an update matched no row: gone, moved on, or held by a worker.
  async #failedWrite(id: string, expectedVersion: number, now: number): Promise<Error> {
    const current = await this.#rows.get(id);
    if (current !== undefined && current.version === expectedVersion && current.leaseUntil > now)
      return new ConversationBusyError(id, current.leaseUntil);
    return new ConflictError(id, expectedVersion, current?.version);
  }

  #restore(row: ConversationRow): Context {
    let context: Context;
    try {
      context = Context.fromJSON(row.body, { secret: this.#secret });
    } catch (error) {
      throw new StoredConversationError(row.id, error as Error);
    }
    if (this.#toolPolicy !== undefined) context.toolPolicy = this.#toolPolicy();
    return context;
  }

  // The row for `context`; `started` calls are written as started (the claim) but stay unmarked in memory.
  #row(
    id: string,
    context: Context,
    version: number,
    leaseUntil: number,
    now: number,
    started: readonly ToolCall[] = [],
  ): ConversationRow {
    for (const call of started) call.started = true;
    let body: string;
    try {
      body = JSON.stringify(context.toJSON({ secret: this.#secret }));
    } finally {
      for (const call of started) delete call.started;
    }
    const open = context.unanswered();
    const awaiting = context.pending().length;
    const ready = open.some((call) => call.started || isDecided(call)) ? 1 : 0;
    return { id, version, body, awaiting, ready, leaseUntil, updatedAt: now };
  }
}
