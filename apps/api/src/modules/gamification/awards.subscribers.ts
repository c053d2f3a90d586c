import { EARNING_EVENTS, factsOfEvent, type EarningEventName } from '@plenary/domain';
import type { AppDeps } from '../../platform/deps.js';
import { announceAwards, anyGameMayPay, awardFacts, type Award } from './awards.service.js';

/** `session.checkedIn` → `gamification.sessionCheckedIn` (handler names are `<module>.<camelCase>`). */
export const awardHandlerName = (event: EarningEventName): string =>
  `gamification.${event.replace(/\.([a-z])/g, (_, c: string) => c.toUpperCase())}`;

type Deps = Pick<AppDeps, 'db' | 'realtime' | 'events'>;

function subscribeOne<N extends EarningEventName>(deps: Deps, name: N): void {
  deps.events.subscribe(name, awardHandlerName(name), async (event, { once }) => {
    const facts = factsOfEvent({ ...event, name });
    if (!(await anyGameMayPay(deps.db, facts))) return;
    let awards: Award[] = [];
    // once: a redelivered event (retry, crash) pays nothing twice — and the ledger's unique index backs it.
    await once(async (tx) => {
      awards = await awardFacts(tx, facts);
    });
    await announceAwards(deps, awards);
  });
}

/** One handler per domain event a task kind earns from (common brief "What earns"). */
export function subscribeAwards(deps: Deps): void {
  for (const name of EARNING_EVENTS) subscribeOne(deps, name);
}
