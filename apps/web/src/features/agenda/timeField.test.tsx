import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import '../../shared/i18n';
import { eventClock, pickerHours } from '../../shared/time/format';
import { TimeField } from './DateFields';

/** The session form's time field as the server would render it, for an event in `zone`. */
function render(zone: string, value: string): string {
  return renderToStaticMarkup(
    <MantineProvider>
      <TimeField
        name="startTime"
        label="Start time"
        value={value}
        onChange={() => undefined}
        hours={pickerHours(eventClock(zone))}
      />
    </MantineProvider>,
  );
}

describe('the session form’s time field', () => {
  it('is a 24-hour picker for a 24-hour event: 2 PM reads 14, no AM/PM part', () => {
    const html = render('Europe/Berlin', '02:00 PM');
    expect(html).not.toContain('Start time: AM or PM');
    expect(html).toMatch(
      /aria-label="Start time: Hours"[^>]*value="14"|value="14"[^>]*aria-label="Start time: Hours"/,
    );
  });
  it('is a 12-hour picker with AM/PM for a 12-hour event', () => {
    const html = render('America/New_York', '02:00 PM');
    expect(html).toContain('Start time: AM or PM');
  });
});
