import type { Context, ContextSecret, JSONObject, ToolPolicy } from "@tooltype/core";

/** Settings shared by every conversation store. */
export interface ConversationStoreOptions {
  /**
   * Signs every saved conversation (HMAC-SHA256) and refuses, on load, a row that is unsigned,
   * altered or signed with another secret. Keep it out of the database (an environment variable, a vault).
   */
  secret: ContextSecret;
  /** The policy set on every loaded context (policies are code and are never stored; default: none, so every call waits). */
  toolPolicy?: () => ToolPolicy;
  /** The table holding the conversations (default `tooltype_conversations`; letters, digits and `_`). */
  table?: string;
  /**
   * How long a worker holds a conversation it resumes before another may take it over, in
   * milliseconds (default 60 000). The worker renews it while it runs; only a dead worker loses it.
   */
  leaseMs?: number;
}

/** A conversation read from a store. */
export interface LoadedConversation {
  /** The conversation's id in the store. */
  id: string;
  /** The restored context (calls that were running when it was saved are answered with the outcome `interrupted`). */
  context: Context;
  /** Pass it to `save` as the expected version. */
  version: number;
  /** When it was last saved (milliseconds since the epoch). */
  updatedAt: number;
}

/** A call waiting for a decision, as the approval inbox shows it. */
export interface PendingCall {
  /** The call id: pass it to `store.approve` or `store.reject`. */
  id: string;
  /** The tool the model called. */
  name: string;
  /** The parsed arguments (`null` when the model's arguments were unusable). */
  arguments: JSONObject | null;
}

/** A conversation with calls waiting for a decision; unreadable rows carry `error` and no calls. */
export interface PendingConversation {
  /** The conversation's id in the store. */
  id: string;
  /** Its version when listed. */
  version: number;
  /** When it was last saved (milliseconds since the epoch). */
  updatedAt: number;
  /** The calls waiting for a decision, in the model's order. */
  calls: PendingCall[];
  /** Set when the row could not be read (wrong secret, corrupt, another application's): nothing in it is shown. */
  error?: Error;
}

/** What `resume` returns when it ran the callback: its value and the version it saved. */
export interface Resumed<T> {
  /** The callback ran and what it did was saved. */
  resumed: true;
  /** What the callback returned. */
  value: T;
  /** The version `resume` saved. */
  version: number;
}

/**
 * What `resume` returns when there was nothing to resume: no call decided or interrupted, and
 * the model had the last word (another worker resumed it first, or no decision came yet). The
 * callback was not called, so no request went to the model; nothing was written.
 */
export interface NothingToResume {
  /** Nothing to resume: the callback did not run. */
  resumed: false;
  /** The version the conversation is at (unchanged). */
  version: number;
}

/** What `resume` returns: check `resumed` before reading `value`. */
export type ResumeResult<T> = Resumed<T> | NothingToResume;

/**
 * Conversations waiting for approval, kept in a database so they outlive the process and can
 * be shared by several instances. Every write is optimistic (a stale version fails with
 * `ConflictError`, nothing written), and a conversation being resumed is held by its worker
 * (others get `ConversationBusyError`), so each approved call runs exactly once. Every method
 * refuses, with `ConversationIdError`, an id that is not well-formed Unicode, holds a NUL or is
 * longer than 512 UTF-16 units: a database would store another id.
 */
export interface ConversationStore {
  /** Creates the table when missing and checks its layout (`StoreSchemaError`). Every other method calls it first. */
  open(): Promise<void>;
  /** The conversation, or `undefined` when there is none. Throws `StoredConversationError` for an unreadable row. */
  load(id: string): Promise<LoadedConversation | undefined>;
  /**
   * Saves `context` signed. `expectedVersion` is the version it was loaded at, or `null` for a
   * new conversation. Returns the new version; `ConflictError` when the store moved on,
   * `ConversationBusyError` while a worker resumes it.
   */
  save(id: string, context: Context, expectedVersion: number | null): Promise<number>;
  /** Conversations with calls waiting for a decision, oldest first: the approval inbox. */
  listPending(options?: { limit?: number }): Promise<PendingConversation[]>;
  /**
   * Ids of conversations a worker should resume: a call was approved or rejected, or a worker
   * died while running one. Conversations another worker holds are left out.
   */
  listReady(options?: { limit?: number }): Promise<string[]>;
  /** Approves a pending call without calling the model (retried on conflicts). Returns the new version. */
  approve(id: string, callId: string): Promise<number>;
  /** Rejects a pending call without calling the model (retried on conflicts). Returns the new version. */
  reject(id: string, callId: string, reason?: string): Promise<number>;
  /**
   * Takes the conversation for this worker, records the approved calls as started, then gives
   * the context to `run` (call `completions` there) and saves what it did. A call recorded as
   * started runs at most once: if the worker dies, the next resume answers it as `interrupted` (`call.outcome`).
   * With nothing to resume (no call decided or interrupted, the model had the last word) `run`
   * is not called and the result says `resumed: false`. A conversation another worker holds, or
   * one whose claim kept losing to other saves, is `ConversationBusyError`; a claim that loses to
   * a decision or a save is retried on the fresh copy, never reported as `ConflictError`.
   */
  resume<T>(id: string, run: (context: Context) => Promise<T>): Promise<ResumeResult<T>>;
  /** Deletes the conversation (only at `expectedVersion` when given). True when a row was deleted. */
  delete(id: string, expectedVersion?: number): Promise<boolean>;
}
