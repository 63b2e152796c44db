import { checkedTableName, ROW_COLUMNS, type ConversationRow, type ConversationRows } from "../conversation-rows.js";
import { StoreSchemaError } from "../store-errors.js";

/** A prepared statement, as `better-sqlite3` 12 makes them (only what the store uses). */
export interface SqliteStatement {
  run(...parameters: unknown[]): { changes: number };
  get(...parameters: unknown[]): unknown;
  all(...parameters: unknown[]): unknown[];
}

/** A `better-sqlite3` 12 `Database` (only what the store uses): pass `new Database(file)`. */
export interface SqliteDatabase {
  prepare(source: string): SqliteStatement;
  exec(source: string): unknown;
  pragma(source: string, options?: { simple?: boolean }): unknown;
}

interface SqliteRow {
  id: string;
  version: number;
  body: string;
  awaiting: number;
  ready: number;
  lease_until: number;
  updated_at: number;
}

/** The conversation table in one SQLite file; every statement is atomic across processes. */
export class SqliteConversationRows implements ConversationRows {
  readonly #db: SqliteDatabase;
  readonly #table: string;
  #statements: Record<string, SqliteStatement> | undefined;

  constructor(db: SqliteDatabase, table: string) {
    this.#db = db;
    this.#table = checkedTableName(table);
  }

  async init(): Promise<void> {
    const t = this.#table;
    // WAL lets readers go on while one process writes; a busy file is waited for, not failed on.
    this.#db.pragma("journal_mode = WAL");
    this.#db.pragma("busy_timeout = 10000");
    this.#db.exec(
      `CREATE TABLE IF NOT EXISTS ${t} (id TEXT PRIMARY KEY, version INTEGER NOT NULL, body TEXT NOT NULL,
        awaiting INTEGER NOT NULL, ready INTEGER NOT NULL, lease_until INTEGER NOT NULL, updated_at INTEGER NOT NULL)`,
    );
    const columns = (this.#db.prepare(`PRAGMA table_info(${t})`).all() as { name: string }[]).map((c) => c.name);
    const missing = ROW_COLUMNS.filter((name) => !columns.includes(name));
    if (missing.length > 0) throw new StoreSchemaError(t, `no column ${missing.join(", ")}`);
    this.#db.exec(`CREATE INDEX IF NOT EXISTS ${t}_awaiting ON ${t} (awaiting, updated_at)`);
    this.#db.exec(`CREATE INDEX IF NOT EXISTS ${t}_ready ON ${t} (ready, updated_at)`);
    const cols = ROW_COLUMNS.join(", ");
    this.#statements = {
      get: this.#db.prepare(`SELECT ${cols} FROM ${t} WHERE id = ?`),
      insert: this.#db.prepare(`INSERT INTO ${t} (${cols}) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`),
      update: this.#db.prepare(
        `UPDATE ${t} SET version = ?, body = ?, awaiting = ?, ready = ?, lease_until = ?, updated_at = ?
         WHERE id = ? AND version = ? AND lease_until <= ?`,
      ),
      renew: this.#db.prepare(`UPDATE ${t} SET lease_until = ? WHERE id = ? AND version = ?`),
      remove: this.#db.prepare(`DELETE FROM ${t} WHERE id = ?`),
      removeAt: this.#db.prepare(`DELETE FROM ${t} WHERE id = ? AND version = ?`),
      awaiting: this.#db.prepare(`SELECT ${cols} FROM ${t} WHERE awaiting > 0 ORDER BY updated_at, id LIMIT ?`),
      ready: this.#db.prepare(
        `SELECT id FROM ${t} WHERE ready = 1 AND lease_until <= ? ORDER BY updated_at, id LIMIT ?`,
      ),
    };
  }

  async get(id: string): Promise<ConversationRow | undefined> {
    const row = this.#statement("get").get(id) as SqliteRow | undefined;
    return row === undefined ? undefined : fromSqlite(row);
  }

  async insert(row: ConversationRow): Promise<boolean> {
    const { id, version, body, awaiting, ready, leaseUntil, updatedAt } = row;
    return this.#statement("insert").run(id, version, body, awaiting, ready, leaseUntil, updatedAt).changes === 1;
  }

  async update(row: ConversationRow, expectedVersion: number, freeAt?: number): Promise<boolean> {
    const { id, version, body, awaiting, ready, leaseUntil, updatedAt } = row;
    // Without `freeAt` the lease is not checked: the worker holding it writes (its version proves it).
    const free = freeAt ?? Number.MAX_SAFE_INTEGER;
    const result = this.#statement("update").run(
      version,
      body,
      awaiting,
      ready,
      leaseUntil,
      updatedAt,
      id,
      expectedVersion,
      free,
    );
    return result.changes === 1;
  }

  async renewLease(id: string, version: number, leaseUntil: number): Promise<boolean> {
    return this.#statement("renew").run(leaseUntil, id, version).changes === 1;
  }

  async remove(id: string, expectedVersion?: number): Promise<boolean> {
    const result =
      expectedVersion === undefined
        ? this.#statement("remove").run(id)
        : this.#statement("removeAt").run(id, expectedVersion);
    return result.changes === 1;
  }

  async listAwaiting(limit: number): Promise<ConversationRow[]> {
    return (this.#statement("awaiting").all(limit) as SqliteRow[]).map(fromSqlite);
  }

  async listReady(now: number, limit: number): Promise<string[]> {
    return (this.#statement("ready").all(now, limit) as { id: string }[]).map((row) => row.id);
  }

  #statement(name: string): SqliteStatement {
    const statement = this.#statements?.[name];
    if (statement === undefined) throw new Error("The store is not open: call open() first.");
    return statement;
  }
}

function fromSqlite(row: SqliteRow): ConversationRow {
  return {
    id: row.id,
    version: row.version,
    body: row.body,
    awaiting: row.awaiting,
    ready: row.ready,
    leaseUntil: row.lease_until,
    updatedAt: row.updated_at,
  };
}
