import { describe, expect, it } from 'vitest';
import { Subscriptions } from './subscriptions';

describe('Subscriptions', () => {
  it('subscribes a room on its first holder and unsubscribes after its last', () => {
    const s = new Subscriptions();
    expect(s.addRoom('event:1')).toBe(true);
    expect(s.addRoom('event:1')).toBe(false);
    expect(s.addRoom('user:9')).toBe(true);
    expect(s.wantedRooms()).toEqual(['event:1', 'user:9']);
    expect(s.removeRoom('event:1')).toBe(false);
    expect(s.wantedRooms()).toContain('event:1');
    expect(s.removeRoom('event:1')).toBe(true);
    expect(s.removeRoom('event:1')).toBe(false); // an extra release changes nothing
    expect(s.wantedRooms()).toEqual(['user:9']);
  });

  it('dispatches to the handlers of an event until they unsubscribe', () => {
    const s = new Subscriptions();
    const got: unknown[] = [];
    const off = s.on('session.seats', (p) => got.push(p));
    s.on('agenda.changed', () => got.push('wrong'));
    s.dispatch('session.seats', 1);
    off();
    s.dispatch('session.seats', 2);
    expect(got).toEqual([1]);
  });

  it('runs every resync after a reconnect, not those that left', () => {
    const s = new Subscriptions();
    const ran: string[] = [];
    s.onResync(() => ran.push('agenda'));
    const off = s.onResync(() => ran.push('import'));
    s.resync();
    off();
    s.resync();
    expect(ran).toEqual(['agenda', 'import', 'agenda']);
  });
});
