import type { KyselyPlugin } from 'kysely';
import type { Db } from '../src/platform/db/index.js';

/** `db` that counts the statements it runs (for tests that a request costs what it should). */
export function countingDb(db: Db): { db: Db; statements: () => number } {
  let n = 0;
  const plugin: KyselyPlugin = {
    // transformQuery also sees the subqueries a raw `sql` statement embeds; a result is one per statement.
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      n++;
      return args.result;
    },
  };
  return { db: db.withPlugin(plugin), statements: () => n };
}
