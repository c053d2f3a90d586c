import * as foundation from './0001_foundation.js';

export interface Migration {
  name: string;
  up: string;
}

/** Forward-only SQL scripts, applied in this order at start. Add a numbered file and list it here. */
export const migrations: Migration[] = [{ name: '0001_foundation', ...foundation }];
