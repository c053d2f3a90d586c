/**
 * CPU time spent by PostgreSQL on one database: the sum of user + system time of the server
 * processes whose title names the database (`postgres: user dbname 127.0.0.1(port) …`), read from
 * /proc (Linux). Backends that end between two readings take their time with them, so read it
 * around runs that keep the pool busy.
 */
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** user + system ticks of a /proc/…/stat line (the 14th and 15th fields). */
function statTicks(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/** The calling thread's id (Linux), for `threadCpuMs` from another thread. */
export function currentThreadId(): number | undefined {
  try {
    return Number(readFileSync('/proc/thread-self/stat', 'utf8').split(' ')[0]);
  } catch {
    return undefined;
  }
}

/** CPU milliseconds of one thread of this process so far (NaN where /proc is missing). */
export function threadCpuMs(threadId: number | undefined): number {
  if (threadId === undefined) return Number.NaN;
  try {
    return (statTicks(readFileSync(`/proc/self/task/${threadId}/stat`, 'utf8')) * 1000) / TICKS_PER_SECOND;
  } catch {
    return Number.NaN;
  }
}

export function postgresCpuMs(database: string): number {
  let ticks = 0;
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return Number.NaN; // not Linux
  }
  for (const pid of entries) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const title = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!title.startsWith('postgres: ') || !title.includes(` ${database} `)) continue;
      ticks += statTicks(readFileSync(`/proc/${pid}/stat`, 'utf8'));
    } catch {
      // the process ended meanwhile
    }
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}
