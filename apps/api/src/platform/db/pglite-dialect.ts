/**
 * Kysely dialect for PGlite, written for kysely 0.28 (the last line that runs on Node 20; 0.29
 * ships its own `PGliteDialect` but declares Node 22). Modelled on kysely 0.29's
 * `dialect/pglite` (MIT, © Sami Koskimäki): same idea, our own code.
 *
 * PGlite is one connection. Two locks keep its users apart:
 * - Kysely's users queue on `ConnectionQueue`: a transaction holds the connection from BEGIN to
 *   COMMIT, so a plain query elsewhere in the app never slips into somebody else's transaction.
 * - A Kysely transaction runs inside `pglite.transaction()`, which holds PGlite's own transaction
 *   lock; raw `pglite.query`/`exec` callers outside Kysely (pg-boss's `executeSql`, migrations)
 *   wait for it instead of interleaving with its statements.
 */
import type { PGlite, Transaction as PGliteTransaction } from '@electric-sql/pglite';
import {
  AbortedTransactionError,
  IdentifierNode,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  RawNode,
  createQueryId,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
} from 'kysely';

export class PGliteDialect implements Dialect {
  constructor(private readonly pglite: PGlite) {}

  createAdapter() {
    return new PGliteAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.pglite);
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}

class PGliteAdapter extends PostgresAdapter {
  // The migration lock of PostgreSQL is an advisory lock taken on another connection; with one
  // connection, holding it is all the locking there is.
  override async acquireMigrationLock() {}
  override async releaseMigrationLock() {}
}

/** A FIFO lock: whoever asked first gets the connection next. */
class ConnectionQueue {
  private tail: Promise<void> = Promise.resolve();
  private release: (() => void) | undefined;

  async acquire(): Promise<void> {
    const previous = this.tail;
    let release!: () => void;
    this.tail = new Promise((resolve) => (release = resolve));
    await previous;
    this.release = release;
  }
  free(): void {
    const release = this.release;
    this.release = undefined;
    release?.();
  }
}

type SavepointCommand = 'savepoint' | 'rollback to' | 'release';

class PGliteDriver implements Driver {
  private readonly queue = new ConnectionQueue();
  private readonly connection: PGliteConnection;

  constructor(private readonly pglite: PGlite) {
    this.connection = new PGliteConnection(pglite);
  }

  async init() {
    if (this.pglite.closed) throw new Error('PGlite instance is already closed');
    await this.pglite.waitReady;
  }
  async acquireConnection() {
    await this.queue.acquire();
    return this.connection;
  }
  async releaseConnection() {
    this.queue.free();
  }
  // Isolation level and access mode are moot with a single connection: nobody runs beside us.
  beginTransaction(connection: DatabaseConnection) {
    return (connection as PGliteConnection).begin();
  }
  commitTransaction(connection: DatabaseConnection) {
    return (connection as PGliteConnection).commit();
  }
  rollbackTransaction(connection: DatabaseConnection) {
    return (connection as PGliteConnection).rollback();
  }
  savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    return runSavepointCommand(connection, 'savepoint', name, compile);
  }
  rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    return runSavepointCommand(connection, 'rollback to', name, compile);
  }
  releaseSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    return runSavepointCommand(connection, 'release', name, compile);
  }
  async destroy() {
    if (!this.pglite.closed) await this.pglite.close();
  }
}

async function runSavepointCommand(
  connection: DatabaseConnection,
  command: SavepointCommand,
  name: string,
  compile: QueryCompiler['compileQuery'],
): Promise<void> {
  // The name goes through an identifier node, so the compiler quotes it.
  const node = RawNode.createWithChildren([
    RawNode.createWithSql(`${command} `),
    IdentifierNode.create(name),
  ]);
  await connection.executeQuery(compile(node, createQueryId()));
}

/** The open transaction: its PGlite handle, the switch that ends it, and PGlite's verdict. */
interface OpenTransaction {
  tx: PGliteTransaction;
  finish(outcome: 'commit' | 'rollback'): void;
  closed: Promise<unknown>;
}

const IN_FAILED_TRANSACTION = '25P02';

class PGliteConnection implements DatabaseConnection {
  private open: OpenTransaction | undefined;

  constructor(private readonly pglite: PGlite) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const target = this.open?.tx ?? this.pglite;
    const { rows, affectedRows } = await target.query<R>(compiled.sql, compiled.parameters as unknown[], {
      rowMode: 'object',
    });
    return { rows, ...(affectedRows != null ? { numAffectedRows: BigInt(affectedRows) } : {}) };
  }

  streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite does not stream query results');
  }

  /**
   * Opens `pglite.transaction()` and keeps its callback waiting until Kysely commits or rolls
   * back: PGlite then sends COMMIT (callback resolved) or ROLLBACK (callback rejected) itself.
   */
  async begin(): Promise<void> {
    let finish!: OpenTransaction['finish'];
    const decided = new Promise<void>((resolve, reject) => {
      finish = (outcome) => (outcome === 'commit' ? resolve() : reject(new RolledBack()));
    });
    let started!: (tx: PGliteTransaction) => void;
    const begun = new Promise<PGliteTransaction>((resolve) => (started = resolve));
    const closed = this.pglite.transaction(async (tx) => {
      started(tx);
      await decided;
    });
    // A BEGIN that fails never calls back: its error ends the wait instead.
    const tx = await Promise.race([
      begun,
      closed.then(() => Promise.reject(new Error('PGlite: transaction ended before it began'))),
    ]);
    this.open = { tx, finish, closed };
  }

  async commit(): Promise<void> {
    const open = this.takeOpen();
    open.finish('commit');
    try {
      await open.closed;
    } catch (error) {
      // COMMIT of a transaction in which a statement failed: PostgreSQL rolled it back.
      if (isPostgresError(error, IN_FAILED_TRANSACTION))
        throw Object.assign(new AbortedTransactionError(), { cause: error });
      throw error;
    }
  }

  async rollback(): Promise<void> {
    const open = this.takeOpen();
    open.finish('rollback');
    await open.closed.catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error;
    });
  }

  private takeOpen(): OpenTransaction {
    const open = this.open;
    if (!open) throw new Error('PGlite: no transaction is open');
    this.open = undefined;
    return open;
  }
}

class RolledBack extends Error {
  constructor() {
    super('transaction rolled back');
  }
}

function isPostgresError(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === code;
}
