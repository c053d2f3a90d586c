import { describe, expect, it } from 'vitest';
import { activeTab, TAB_IDS, tabPath } from './navTabs';

describe('activeTab', () => {
  it('highlights the tab a page belongs to', () => {
    expect(activeTab('/event/e1/home')).toBe('home');
    expect(activeTab('/event/e1/agenda')).toBe('agenda');
    expect(activeTab('/event/e1/agenda/s1')).toBe('agenda');
    expect(activeTab('/event/e1/my-agenda')).toBe('my-agenda');
    expect(activeTab('/event/e1/people')).toBe('people');
    expect(activeTab('/event/e1/profile/u1')).toBe('people');
    for (const page of ['more', 'maps', 'maps/m1', 'materials', 'materials/x', 'scan', 'edit-profile'])
      expect(activeTab(`/event/e1/${page}`), page).toBe('more');
  });

  it('highlights nothing outside an event or on a page of the app designer', () => {
    expect(activeTab('/')).toBeNull();
    expect(activeTab('/event/e1')).toBeNull();
    expect(activeTab('/event/e1/sponsors')).toBeNull();
  });

  it('leads every tab to its own page, which it highlights', () => {
    for (const tab of TAB_IDS) expect(activeTab(tabPath('e 1', tab))).toBe(tab);
  });
});
