import { TooltypeError, type TooltypeErrorCode } from "@tooltype/core";

// The codes of this package's errors, added to core's list: `error.code` names them once
// @tooltype/stores is installed, and core lists no code of ours.
declare module "@tooltype/core" {
  interface TooltypeErrorCodes {
    /** `ConflictError`. */
    CONVERSATION_CONFLICT: true;
    /** `ConversationBusyError`. */
    CONVERSATION_BUSY: true;
    /** `ConversationNotFoundError`. */
    CONVERSATION_NOT_FOUND: true;
    /** `ConversationIdError`. */
    CONVERSATION_ID: true;
    /** `StoredConversationError`. */
    STORED_CONVERSATION: true;
    /** `StoreSchemaError`. */
    STORE_SCHEMA: true;
  }
}

function hasCode(value: unknown, code: TooltypeErrorCode): boolean {
  return TooltypeError.isInstance(value) && value.code === code;
}

/**
 * A save against a stale version: another instance saved the conversation since it was loaded.
 * Nothing was written. Load it again, redo the change on the fresh copy, save again.
 */
export class ConflictError extends TooltypeError {
  /** The conversation that was saved. */
  readonly conversationId: string;
  /** The version the save expected (`null`: it expected no conversation yet). */
  readonly expectedVersion: number | null;
  /** The version in the store (`undefined`: the conversation is gone). */
  readonly actualVersion: number | undefined;

  constructor(conversationId: string, expectedVersion: number | null, actualVersion: number | undefined) {
    const found = actualVersion === undefined ? "it no longer exists" : `the store holds version ${actualVersion}`;
    const expected = expectedVersion === null ? "a new conversation" : `version ${expectedVersion}`;
    super(
      "CONVERSATION_CONFLICT",
      `Conversation "${conversationId}" was not saved: the save expected ${expected}, but ${found}. Load it again and redo the change.`,
    );
    this.conversationId = conversationId;
    this.expectedVersion = expectedVersion;
    this.actualVersion = actualVersion;
  }

  /** True for any `ConflictError`, even one thrown by another installed copy of the package. */
  static override isInstance(value: unknown): value is ConflictError {
    return hasCode(value, "CONVERSATION_CONFLICT");
  }
}

/**
 * A worker holds the conversation (it is resuming it: its tools may be running). Nothing was
 * written. Try again after `leaseUntil`; a worker that died loses the lease then. A `resume` whose
 * claim kept losing to other instances' saves says so too, with `attempts` (nothing holds it then).
 */
export class ConversationBusyError extends TooltypeError {
  /** The conversation. */
  readonly conversationId: string;
  /** When the worker's lease ends unless it renews it (milliseconds since the epoch; when `attempts` is set, the time of the last one). */
  readonly leaseUntil: number;
  /** Set when no worker held it but every one of this many claims lost to another save. */
  readonly attempts: number | undefined;

  constructor(conversationId: string, leaseUntil: number, attempts?: number) {
    super(
      "CONVERSATION_BUSY",
      attempts === undefined
        ? `Conversation "${conversationId}" is being resumed by a worker (lease until ${new Date(leaseUntil).toISOString()}): try again once it has saved.`
        : `Conversation "${conversationId}" kept changing while this worker tried to resume it (${attempts} claims, each beaten by another save): try again shortly.`,
    );
    this.conversationId = conversationId;
    this.leaseUntil = leaseUntil;
    this.attempts = attempts;
  }

  /** True for any `ConversationBusyError`, even one thrown by another installed copy of the package. */
  static override isInstance(value: unknown): value is ConversationBusyError {
    return hasCode(value, "CONVERSATION_BUSY");
  }
}

/** No conversation with this id in the store (never saved, or deleted). */
export class ConversationNotFoundError extends TooltypeError {
  /** The id that was asked for. */
  readonly conversationId: string;

  constructor(conversationId: string) {
    super("CONVERSATION_NOT_FOUND", `No conversation "${conversationId}" in the store: save it first.`);
    this.conversationId = conversationId;
  }

  /** True for any `ConversationNotFoundError`, even one thrown by another installed copy of the package. */
  static override isInstance(value: unknown): value is ConversationNotFoundError {
    return hasCode(value, "CONVERSATION_NOT_FOUND");
  }
}

/**
 * A conversation id no store can keep: not a string, longer than 512 UTF-16 units, holding a NUL
 * character or an unpaired UTF-16 surrogate (a database would store another id, so two ids would
 * name one row). Nothing was read or written.
 */
export class ConversationIdError extends TooltypeError {
  /** The id that was refused. */
  readonly conversationId: unknown;

  constructor(conversationId: unknown, problem: string) {
    super("CONVERSATION_ID", `Conversation id ${shown(conversationId)} cannot be used: ${problem}.`);
    this.conversationId = conversationId;
  }

  /** True for any `ConversationIdError`, even one thrown by another installed copy of the package. */
  static override isInstance(value: unknown): value is ConversationIdError {
    return hasCode(value, "CONVERSATION_ID");
  }
}

// An id as a message shows it: escaped (so the message itself stays well-formed), and cut short.
function shown(id: unknown): string {
  if (typeof id !== "string") return `of type ${id === null ? "null" : typeof id}`;
  const text = JSON.stringify(id.length > 60 ? id.slice(0, 60) : id);
  return id.length > 60 ? `${text.slice(0, -1)}…" (${id.length} characters)` : text;
}

/**
 * A stored conversation that cannot be read: not valid JSON, not a tooltype context, a newer
 * format version, a missing or wrong signature. `cause` is the `ContextJSONError` naming the
 * place. Nothing was run and the row was left as it was.
 */
export class StoredConversationError extends TooltypeError {
  /** The conversation whose row is unreadable. */
  readonly conversationId: string;

  constructor(conversationId: string, cause: Error) {
    super(
      "STORED_CONVERSATION",
      `Conversation "${conversationId}" cannot be read from the store: ${cause.message} Check the secret the store was opened with, or delete the row.`,
      { cause },
    );
    this.conversationId = conversationId;
  }

  /** True for any `StoredConversationError`, even one thrown by another installed copy of the package. */
  static override isInstance(value: unknown): value is StoredConversationError {
    return hasCode(value, "STORED_CONVERSATION");
  }
}

/** The store's table exists but is not a conversation table (another application's, or an unknown layout). */
export class StoreSchemaError extends TooltypeError {
  /** The table name. */
  readonly table: string;

  constructor(table: string, detail: string) {
    super(
      "STORE_SCHEMA",
      `Table "${table}" is not a tooltype conversation table (${detail}). Give the store another table name, or drop that table.`,
    );
    this.table = table;
  }

  /** True for any `StoreSchemaError`, even one thrown by another installed copy of the package. */
  static override isInstance(value: unknown): value is StoreSchemaError {
    return hasCode(value, "STORE_SCHEMA");
  }
}
