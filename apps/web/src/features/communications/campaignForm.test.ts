import { describe, expect, it } from 'vitest';
import { emptyDraft, to12h, to24h, validateCampaign } from './campaignForm';

const EVERYONE = { type: 'EVERYONE' as const, labelIds: [], rules: [] };

describe('communications: the editor form', () => {
  it('requires subject and body, and flags unknown placeholders', () => {
    expect(validateCampaign(emptyDraft(), EVERYONE).errors).toMatchObject({
      subject: expect.any(String),
      body: expect.any(String),
    });
    const d = { ...emptyDraft(), subject: 'Hi {firstName}', body: 'See {nope}' };
    expect(validateCampaign(d, EVERYONE).errors.body).toBe('Unknown placeholder {nope}');
    expect(validateCampaign({ ...d, body: 'At {sessionName}' }, EVERYONE).errors.body).toMatch(/sessionName/);
  });

  it('builds the API body: labels audience, a date and time in the event zone', () => {
    const d = {
      ...emptyDraft(),
      subject: 'Hi',
      body: 'Doors open',
      schedule: 'DATE_AND_TIME' as const,
      sendDate: '2030-01-02',
      sendTime: '09:05 AM',
    };
    const { body, errors } = validateCampaign(d, { type: 'LABELS', labelIds: ['l1'], rules: [] });
    expect(errors).toEqual({});
    expect(body).toMatchObject({
      channels: ['NOTIFICATION', 'EMAIL'],
      audience: { type: 'LABELS', labelIds: ['l1'], sessionIds: [], participantIds: [] },
      schedule: 'DATE_AND_TIME',
      sendDate: '2030-01-02',
      sendTime: '09:05 AM',
      link: { type: 'NONE', sessionId: null, url: null },
    });
  });

  it('needs the schedule fields, sessions or people when chosen', () => {
    const base = { ...emptyDraft(), subject: 'Hi', body: 'B' };
    expect(validateCampaign({ ...base, schedule: 'DATE_AND_TIME' }, EVERYONE).errors).toHaveProperty(
      'sendDate',
    );
    expect(validateCampaign({ ...base, audienceKind: 'SESSIONS' }, EVERYONE).errors).toHaveProperty(
      'sessionIds',
    );
    expect(validateCampaign({ ...base, audienceKind: 'PEOPLE' }, EVERYONE).errors).toHaveProperty(
      'participantIds',
    );
    expect(validateCampaign(base, null).errors).toHaveProperty('audience');
  });

  it('converts times between the input (24 h) and the API (hh:mm AM)', () => {
    expect(to12h('00:30')).toBe('12:30 AM');
    expect(to12h('13:05')).toBe('01:05 PM');
    expect(to24h('12:30 AM')).toBe('00:30');
    expect(to24h('01:05 PM')).toBe('13:05');
    expect(to24h('nope')).toBe('');
  });
});
