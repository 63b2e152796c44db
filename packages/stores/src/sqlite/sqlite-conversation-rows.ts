import { checkedTableName, type ConversationRow, type ConversationRows } from "../conversation-rows.js";
import {
  checkColumns,
  conversationStatements,
  insertParameters,
  rowFromSql,
  updateParameters,
  type ConversationStatements,
  type SqlRow,
} from "../conversation-sql.js";

/** A prepared statement, as `better-sqlite3` 12 makes them (only what the store uses). */
export interface SqliteStatement {
  /** Runs a write; `changes` is the number of rows it changed. */
  run(...parameters: unknown[]): { changes: number };
  /** The first row of a query, or undefined. */
  get(...parameters: unknown[]): unknown;
  /** Every row of a query. */
  all(...parameters: unknown[]): unknown[];
}

/** A `better-sqlite3` 12 `Database` (only what the store uses): pass `new Database(file)`. */
export interface SqliteDatabase {
  /** Compiles one SQL statement. */
  prepare(source: string): SqliteStatement;
  /** Runs SQL text without parameters (creating the table and its indexes). */
  exec(source: string): unknown;
  /** Reads or sets a pragma (the store sets WAL mode and a busy timeout). */
  pragma(source: string, options?: { simple?: boolean }): unknown;
}

// How long a statement waits for a file another process writes.
const BUSY_TIMEOUT_MS = 10_000;

type Prepared = { [name in Exclude<keyof ConversationStatements, "createTable" | "indexes">]: SqliteStatement };

/** The conversation table in one SQLite file; every statement is atomic across processes. */
export class SqliteConversationRows implements ConversationRows {
  readonly #db: SqliteDatabase;
  readonly #table: string;
  #prepared: Prepared | undefined;

  constructor(db: SqliteDatabase, table: string) {
    this.#db = db;
    this.#table = checkedTableName(table);
  }

  async init(): Promise<void> {
    const t = this.#table;
    const sql = conversationStatements(t, { parameter: () => "?", timeType: "INTEGER" });
    // A busy file is waited for, not failed on: set first, other processes may be opening it too.
    this.#db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    await this.#switchToWal();
    this.#db.exec(sql.createTable);
    const columns = (this.#db.prepare(`PRAGMA table_info(${t})`).all() as { name: string }[]).map((c) => c.name);
    checkColumns(t, columns);
    for (const [name, on] of sql.indexes) this.#db.exec(`CREATE INDEX IF NOT EXISTS ${t}_${name} ON ${t} (${on})`);
    const prepare = (source: string): SqliteStatement => this.#db.prepare(source);
    this.#prepared = {
      get: prepare(sql.get),
      insert: prepare(sql.insert),
      update: prepare(sql.update),
      renew: prepare(sql.renew),
      remove: prepare(sql.remove),
      removeAt: prepare(sql.removeAt),
      awaiting: prepare(sql.awaiting),
      ready: prepare(sql.ready),
    };
  }

  /**
   * WAL lets readers go on while one process writes. Switching takes the file for itself, and
   * SQLite answers SQLITE_BUSY at once, without waiting, when another connection switching at the
   * same time holds what it needs (waiting could deadlock): so the switch is tried again.
   */
  async #switchToWal(): Promise<void> {
    const until = Date.now() + BUSY_TIMEOUT_MS;
    for (;;) {
      try {
        this.#db.pragma("journal_mode = WAL");
        return;
      } catch (error) {
        if (!String((error as { code?: unknown }).code).startsWith("SQLITE_BUSY") || Date.now() > until) throw error;
        await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20));
      }
    }
  }

  async get(id: string): Promise<ConversationRow | undefined> {
    const row = this.#statements().get.get(id) as SqlRow | undefined;
    return row === undefined ? undefined : rowFromSql(row);
  }

  async insert(row: ConversationRow): Promise<boolean> {
    return this.#statements().insert.run(...insertParameters(row)).changes === 1;
  }

  async update(row: ConversationRow, expectedVersion: number, freeAt?: number): Promise<boolean> {
    return this.#statements().update.run(...updateParameters(row, expectedVersion, freeAt)).changes === 1;
  }

  async renewLease(id: string, version: number, leaseUntil: number): Promise<boolean> {
    return this.#statements().renew.run(leaseUntil, id, version).changes === 1;
  }

  async remove(id: string, expectedVersion?: number): Promise<boolean> {
    const statements = this.#statements();
    const result =
      expectedVersion === undefined ? statements.remove.run(id) : statements.removeAt.run(id, expectedVersion);
    return result.changes === 1;
  }

  async listAwaiting(limit: number): Promise<ConversationRow[]> {
    return (this.#statements().awaiting.all(limit) as SqlRow[]).map(rowFromSql);
  }

  async listReady(now: number, limit: number): Promise<string[]> {
    return (this.#statements().ready.all(now, limit) as { id: string }[]).map((row) => row.id);
  }

  #statements(): Prepared {
    if (this.#prepared === undefined) throw new Error("The store is not open: call open() first.");
    return this.#prepared;
  }
}
