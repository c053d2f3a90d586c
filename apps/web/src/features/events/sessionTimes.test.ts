import { describe, expect, it } from 'vitest';
import type { EventFieldsBody } from './eventFields.schema';
import { withSessionTimes } from './sessionTimes';

const initial = { timezone: 'Europe/Berlin', start: '2027-05-04 09:00:00', end: '2027-05-05 17:00:00' };
const stored = { startAt: '2027-05-04T07:00:00.000Z', endAt: '2027-05-05T15:00:00.000Z' };
/** The body the form builds from its values: the times read in the new zone. */
const body: EventFieldsBody & { eventHubId: string } = {
  name: 'Harbour Summit',
  description: '',
  startAt: '2027-05-04T13:00:00.000Z',
  endAt: '2027-05-05T21:00:00.000Z',
  timezone: 'America/New_York',
  address: '',
  primaryColor: '#1c7ed6',
  secondaryColor: '#f59f00',
  eventHubId: 'hub',
};
const newZone = { ...initial, timezone: 'America/New_York' };

describe('withSessionTimes (useSessionTimesChoice.applyTo)', () => {
  it('leaves the body alone when the zone stays, or on a new event', () => {
    expect(withSessionTimes(body, { choice: 'KEEP_INSTANTS', initial, values: initial, stored })).toEqual(
      body,
    );
    expect(
      withSessionTimes(body, { choice: 'KEEP_INSTANTS', initial, values: newZone, stored: null }),
    ).toEqual(body);
  });

  it('a new zone sends the choice; keeping local times keeps the times the form read in the new zone', () => {
    expect(withSessionTimes(body, { choice: 'KEEP_LOCAL_TIMES', initial, values: newZone, stored })).toEqual({
      ...body,
      sessionTimes: 'KEEP_LOCAL_TIMES',
    });
  });

  it('keeping the moments sends the stored start and end back, unless either was edited', () => {
    expect(withSessionTimes(body, { choice: 'KEEP_INSTANTS', initial, values: newZone, stored })).toEqual({
      ...body,
      sessionTimes: 'KEEP_INSTANTS',
      ...stored,
    });
    for (const edited of [{ start: '2027-05-04 10:00:00' }, { end: '2027-05-05 18:00:00' }]) {
      expect(
        withSessionTimes(body, {
          choice: 'KEEP_INSTANTS',
          initial,
          values: { ...newZone, ...edited },
          stored,
        }),
      ).toEqual({ ...body, sessionTimes: 'KEEP_INSTANTS' });
    }
  });

  it('keeps the caller’s own fields (the super admin’s eventHubId)', () => {
    expect(
      withSessionTimes(body, { choice: 'KEEP_LOCAL_TIMES', initial, values: newZone, stored }).eventHubId,
    ).toBe('hub');
  });
});
