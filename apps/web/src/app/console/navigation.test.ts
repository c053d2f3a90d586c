import { describe, expect, it } from 'vitest';
import { en } from '../../shared/i18n';
import { consoleNavigation, navSections } from './navigation';

const labelOf = (key: string): unknown => {
  const [ns, path] = key.split(':') as [string, string];
  return path
    .split('.')
    .reduce<unknown>(
      (node, part) => (node as Record<string, unknown> | undefined)?.[part],
      (en as Record<string, unknown>)[ns],
    );
};

describe('console navigation', () => {
  it('lists each screen once: one "Custom fields" entry, and no two entries with one label', () => {
    const { sections } = navSections(consoleNavigation, 'eventadmin', 'e1');
    const labels = sections.flatMap((s) => s.entries.map((e) => labelOf(e.item.labelKey)));
    expect(labels.filter((l) => l === 'Custom fields')).toHaveLength(1);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it('names the breakouts screen (/setup/sessions) after what it shows', () => {
    const entry = consoleNavigation.find((item) => item.path === '/setup/sessions')!;
    expect(labelOf(entry.labelKey)).toBe('Breakouts');
    expect(en.agenda.breakouts.title).toBe('Breakouts');
  });

  it('without a chosen event: event pages hidden, empty areas left out, the hint given once', () => {
    const { sections, chooseEventHint } = navSections(consoleNavigation, 'superadmin', null);
    expect(chooseEventHint).toBe(true);
    expect(sections.length).toBeGreaterThan(0);
    for (const section of sections) {
      expect(section.entries.length, section.area).toBeGreaterThan(0);
      expect(section.entries.every((e) => !e.item.eventScoped)).toBe(true);
    }
    expect(navSections(consoleNavigation, 'superadmin', 'e1').chooseEventHint).toBe(false);
  });

  it('shows nothing to a role that is not an admin', () => {
    expect(navSections(consoleNavigation, 'participant', 'e1').sections).toEqual([]);
  });
});
