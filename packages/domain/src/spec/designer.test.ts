import { describe, it, expect } from 'vitest';
import {
  APP_LINK_TARGETS,
  FONT_FAMILIES,
  FONT_SIZES,
  FORM_PAGE_SOURCES,
  HEADING_STYLES,
  HEADING_STYLE_LABELS,
  LINK_TARGET_LABELS,
  REGISTRATION_FORM_STATUSES,
  SIDE_PANEL_DEFAULT_WIDTH,
  THEME_HEADING_LEVELS,
  DEFAULT_HEADING_FONT_FAMILY,
  WEB_LINK_TARGETS,
  linkTargetsFor,
} from './designer.js';

describe('page builder (spec part 2)', () => {
  it('has the 17 app designer link targets', () => {
    expect(APP_LINK_TARGETS.map((t) => LINK_TARGET_LABELS[t].toLowerCase())).toEqual([
      'activity feed page',
      'business card exchange scanner',
      'custom page',
      'directory page',
      'edit profile',
      'engagement tool',
      'external qr code page',
      'external url',
      'form page',
      'game page',
      'interactive map',
      'material',
      'my agenda',
      'no link',
      'scanner page',
      'url',
      'user profile',
    ]);
  });
  it('gives the web designer its reduced set', () => {
    expect(WEB_LINK_TARGETS.map((t) => LINK_TARGET_LABELS[t].toLowerCase())).toEqual([
      'url',
      'custom page',
      'directory page',
      'form page',
      'login page',
      'contact us page',
    ]);
    expect(linkTargetsFor(true)).toBe(WEB_LINK_TARGETS);
    expect(linkTargetsFor(false)).toBe(APP_LINK_TARGETS);
  });
  it('labels heading styles', () => {
    expect(HEADING_STYLES.map((h) => `${HEADING_STYLE_LABELS[h]} (${h})`)).toEqual([
      'Large title (h1)',
      'Title 1 (h2)',
      'Title 2 (h3)',
      'Title 3 (h4)',
      'Heading (h5)',
      'Sub heading (h6)',
    ]);
  });
  it('pins fonts, side panel, form statuses and sources', () => {
    expect(FONT_FAMILIES).toEqual(['serif', 'sans-serif']);
    expect(FONT_SIZES).toEqual(['SMALL', 'MEDIUM', 'LARGE']);
    expect(SIDE_PANEL_DEFAULT_WIDTH).toBe(300);
    expect(REGISTRATION_FORM_STATUSES).toEqual(['OPEN', 'CLOSED', 'SCHEDULED']);
    expect(FORM_PAGE_SOURCES).toEqual(['NEW', 'EXISTING']);
    expect(THEME_HEADING_LEVELS).toHaveLength(7);
    expect(DEFAULT_HEADING_FONT_FAMILY).toBe('serif');
  });
});
