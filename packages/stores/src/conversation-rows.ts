/** One stored conversation as its table holds it. */
export interface ConversationRow {
  id: string;
  version: number;
  /** The signed stored context (JSON text). */
  body: string;
  /** How many calls wait for a decision (the approval inbox lists rows above 0). */
  awaiting: number;
  /** 1 when a worker has something to do: a decided call to answer, or a started call to fail. */
  ready: number;
  /** Until when a worker holds the row (ms since the epoch; 0 when nobody does). */
  leaseUntil: number;
  updatedAt: number;
}

/** The SQL a store needs from its database: each method is one statement, atomic on its own. */
export interface ConversationRows {
  /** Creates the table when missing, then checks its columns. */
  init(): Promise<void>;
  get(id: string): Promise<ConversationRow | undefined>;
  /** False when a row with this id exists already. */
  insert(row: ConversationRow): Promise<boolean>;
  /**
   * Writes `row` over the row at `expectedVersion`; with `freeAt` the row must also be free of
   * any lease at that time. False when no row matched.
   */
  update(row: ConversationRow, expectedVersion: number, freeAt?: number): Promise<boolean>;
  /** Moves the lease of the row at `version` (false when the row moved on). */
  renewLease(id: string, version: number, leaseUntil: number): Promise<boolean>;
  remove(id: string, expectedVersion?: number): Promise<boolean>;
  /** Rows with `awaiting > 0`, oldest first. */
  listAwaiting(limit: number): Promise<ConversationRow[]>;
  /** Ids of rows with `ready = 1` free of any lease at `now`, oldest first. */
  listReady(now: number, limit: number): Promise<string[]>;
}

/** The columns every conversation table has. */
export const ROW_COLUMNS = ["id", "version", "body", "awaiting", "ready", "lease_until", "updated_at"] as const;

/** Checks a table name before it is written into SQL (it cannot be a bound parameter). */
export function checkedTableName(table: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(table))
    throw new TypeError(
      `Invalid table name "${table}": use letters, digits and "_" (at most 63), not starting with a digit.`,
    );
  return table;
}
