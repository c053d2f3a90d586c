import { describe, expect, it } from 'vitest';
import i18n from '../../shared/i18n';
import { skippedSummary } from './bulkSummary';

const t = i18n.getFixedT('en', 'attendees');
const id = '00000000-0000-4000-8000-000000000001';

describe('skippedSummary', () => {
  it('is empty when nothing was skipped', () => {
    expect(skippedSummary([], t)).toBe('');
  });

  it('counts the skipped participants and groups them by reason', () => {
    const skipped = [
      { participantId: id, reason: 'ALREADY_LABELLED' as const },
      { participantId: id, reason: 'NOT_IN_EVENT' as const },
      { participantId: id, reason: 'ALREADY_LABELLED' as const },
    ];
    expect(skippedSummary(skipped, t)).toBe('3 skipped: 2 had the labels already, 1 no longer in the event.');
  });
});
