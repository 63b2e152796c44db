import { checkedTableName, ROW_COLUMNS, type ConversationRow, type ConversationRows } from "../conversation-rows.js";
import { StoreSchemaError } from "../store-errors.js";

/** A `pg` 8 `Pool` or `Client` (only what the store uses): pass `new Pool({ connectionString })`. */
export interface PostgresQueryable {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[]; rowCount: number | null }>;
}

interface PostgresRow {
  id: string;
  version: number;
  body: string;
  awaiting: number;
  ready: number;
  lease_until: string | number;
  updated_at: string | number;
}

// Two processes creating the same table at once: one wins, the other sees it exists.
const ALREADY_CREATED = new Set(["23505", "42P07"]);

/** The conversation table in PostgreSQL; each method is one statement, atomic across instances. */
export class PostgresConversationRows implements ConversationRows {
  readonly #db: PostgresQueryable;
  readonly #table: string;
  readonly #columns = ROW_COLUMNS.join(", ");

  constructor(db: PostgresQueryable, table: string) {
    this.#db = db;
    this.#table = checkedTableName(table).toLowerCase();
  }

  async init(): Promise<void> {
    const t = this.#table;
    try {
      await this.#db.query(
        `CREATE TABLE IF NOT EXISTS ${t} (id TEXT PRIMARY KEY, version INTEGER NOT NULL, body TEXT NOT NULL,
          awaiting INTEGER NOT NULL, ready INTEGER NOT NULL, lease_until BIGINT NOT NULL, updated_at BIGINT NOT NULL)`,
      );
    } catch (error) {
      if (!ALREADY_CREATED.has((error as { code?: string }).code ?? "")) throw error;
    }
    const { rows } = await this.#db.query(
      "SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1",
      [t],
    );
    const columns = (rows as { column_name: string }[]).map((row) => row.column_name);
    const missing = ROW_COLUMNS.filter((name) => !columns.includes(name));
    if (missing.length > 0) throw new StoreSchemaError(t, `no column ${missing.join(", ")}`);
    for (const [name, columns] of [
      ["awaiting", "awaiting, updated_at"],
      ["ready", "ready, updated_at"],
    ]) {
      try {
        await this.#db.query(`CREATE INDEX IF NOT EXISTS ${t}_${name} ON ${t} (${columns})`);
      } catch (error) {
        if (!ALREADY_CREATED.has((error as { code?: string }).code ?? "")) throw error;
      }
    }
  }

  async get(id: string): Promise<ConversationRow | undefined> {
    const { rows } = await this.#db.query(`SELECT ${this.#columns} FROM ${this.#table} WHERE id = $1`, [id]);
    const row = rows[0] as PostgresRow | undefined;
    return row === undefined ? undefined : fromPostgres(row);
  }

  async insert(row: ConversationRow): Promise<boolean> {
    const result = await this.#db.query(
      `INSERT INTO ${this.#table} (${this.#columns}) VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (id) DO NOTHING`,
      [row.id, row.version, row.body, row.awaiting, row.ready, row.leaseUntil, row.updatedAt],
    );
    return result.rowCount === 1;
  }

  async update(row: ConversationRow, expectedVersion: number, freeAt?: number): Promise<boolean> {
    // Without `freeAt` the lease is not checked: the worker holding it writes (its version proves it).
    const free = freeAt ?? Number.MAX_SAFE_INTEGER;
    const result = await this.#db.query(
      `UPDATE ${this.#table} SET version = $1, body = $2, awaiting = $3, ready = $4, lease_until = $5, updated_at = $6
       WHERE id = $7 AND version = $8 AND lease_until <= $9`,
      [row.version, row.body, row.awaiting, row.ready, row.leaseUntil, row.updatedAt, row.id, expectedVersion, free],
    );
    return result.rowCount === 1;
  }

  async renewLease(id: string, version: number, leaseUntil: number): Promise<boolean> {
    const result = await this.#db.query(`UPDATE ${this.#table} SET lease_until = $1 WHERE id = $2 AND version = $3`, [
      leaseUntil,
      id,
      version,
    ]);
    return result.rowCount === 1;
  }

  async remove(id: string, expectedVersion?: number): Promise<boolean> {
    const result =
      expectedVersion === undefined
        ? await this.#db.query(`DELETE FROM ${this.#table} WHERE id = $1`, [id])
        : await this.#db.query(`DELETE FROM ${this.#table} WHERE id = $1 AND version = $2`, [id, expectedVersion]);
    return result.rowCount === 1;
  }

  async listAwaiting(limit: number): Promise<ConversationRow[]> {
    const { rows } = await this.#db.query(
      `SELECT ${this.#columns} FROM ${this.#table} WHERE awaiting > 0 ORDER BY updated_at, id LIMIT $1`,
      [limit],
    );
    return (rows as PostgresRow[]).map(fromPostgres);
  }

  async listReady(now: number, limit: number): Promise<string[]> {
    const { rows } = await this.#db.query(
      `SELECT id FROM ${this.#table} WHERE ready = 1 AND lease_until <= $1 ORDER BY updated_at, id LIMIT $2`,
      [now, limit],
    );
    return (rows as { id: string }[]).map((row) => row.id);
  }
}

// BIGINT comes back as text from pg (it may exceed 2^53); milliseconds since the epoch do not.
function fromPostgres(row: PostgresRow): ConversationRow {
  return {
    id: row.id,
    version: row.version,
    body: row.body,
    awaiting: row.awaiting,
    ready: row.ready,
    leaseUntil: Number(row.lease_until),
    updatedAt: Number(row.updated_at),
  };
}
