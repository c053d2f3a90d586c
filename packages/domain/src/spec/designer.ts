import { z } from 'zod';
import { INSTANCE_STATUSES } from './engagement.js';

/** Spec part 4: registration forms share the instance status. */
export const REGISTRATION_FORM_STATUSES = INSTANCE_STATUSES;

/** Spec part 4: form page source. */
export const FORM_PAGE_SOURCES = ['NEW', 'EXISTING'] as const;
export type FormPageSource = (typeof FORM_PAGE_SOURCES)[number];
export const formPageSourceSchema = z.enum(FORM_PAGE_SOURCES);

/** Spec part 2: menu and widget link targets of the app designer. */
export const APP_LINK_TARGETS = [
  'ACTIVITY_FEED_PAGE',
  'BUSINESS_CARD_EXCHANGE_SCANNER',
  'CUSTOM_PAGE',
  'DIRECTORY_PAGE',
  'EDIT_PROFILE',
  'ENGAGEMENT_TOOL',
  'EXTERNAL_QR_CODE_PAGE',
  'EXTERNAL_URL',
  'FORM_PAGE',
  'GAME_PAGE',
  'INTERACTIVE_MAP',
  'MATERIAL',
  'MY_AGENDA',
  'NO_LINK',
  'SCANNER_PAGE',
  'URL',
  'USER_PROFILE',
] as const;

/** Spec part 2: the web designer's reduced set. */
export const WEB_LINK_TARGETS = [
  'URL',
  'CUSTOM_PAGE',
  'DIRECTORY_PAGE',
  'FORM_PAGE',
  'LOGIN_PAGE',
  'CONTACT_US_PAGE',
] as const;

export const LINK_TARGETS = [...new Set([...APP_LINK_TARGETS, ...WEB_LINK_TARGETS])] as (
  (typeof APP_LINK_TARGETS)[number] | (typeof WEB_LINK_TARGETS)[number]
)[];
export type AppLinkTarget = (typeof APP_LINK_TARGETS)[number];
export type WebLinkTarget = (typeof WEB_LINK_TARGETS)[number];
export type LinkTarget = AppLinkTarget | WebLinkTarget;
export const appLinkTargetSchema = z.enum(APP_LINK_TARGETS);
export const webLinkTargetSchema = z.enum(WEB_LINK_TARGETS);

export const LINK_TARGET_LABELS: Record<LinkTarget, string> = {
  ACTIVITY_FEED_PAGE: 'Activity feed page',
  BUSINESS_CARD_EXCHANGE_SCANNER: 'Business card exchange scanner',
  CUSTOM_PAGE: 'Custom page',
  DIRECTORY_PAGE: 'Directory page',
  EDIT_PROFILE: 'Edit profile',
  ENGAGEMENT_TOOL: 'Engagement tool',
  EXTERNAL_QR_CODE_PAGE: 'External QR code page',
  EXTERNAL_URL: 'External URL',
  FORM_PAGE: 'Form page',
  GAME_PAGE: 'Game page',
  INTERACTIVE_MAP: 'Interactive map',
  MATERIAL: 'Material',
  MY_AGENDA: 'My agenda',
  NO_LINK: 'No link',
  SCANNER_PAGE: 'Scanner page',
  URL: 'URL',
  USER_PROFILE: 'User profile',
  LOGIN_PAGE: 'Login page',
  CONTACT_US_PAGE: 'Contact us page',
};

export function linkTargetsFor(webDesigner: boolean): readonly LinkTarget[] {
  return webDesigner ? WEB_LINK_TARGETS : APP_LINK_TARGETS;
}

/** Spec part 2: heading styles. */
export const HEADING_STYLES = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'] as const;
export type HeadingStyle = (typeof HEADING_STYLES)[number];
export const headingStyleSchema = z.enum(HEADING_STYLES);
export const HEADING_STYLE_LABELS: Record<HeadingStyle, string> = {
  h1: 'Large title',
  h2: 'Title 1',
  h3: 'Title 2',
  h4: 'Title 3',
  h5: 'Heading',
  h6: 'Sub heading',
};

export const FONT_FAMILIES = ['serif', 'sans-serif'] as const;
export type FontFamily = (typeof FONT_FAMILIES)[number];
export const fontFamilySchema = z.enum(FONT_FAMILIES);

export const FONT_SIZES = ['SMALL', 'MEDIUM', 'LARGE'] as const;
export type FontSize = (typeof FONT_SIZES)[number];
export const fontSizeSchema = z.enum(FONT_SIZES);

/** Spec part 3 (event wrapper state): a font family per heading h1 to h7, default serif. */
export const THEME_HEADING_LEVELS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'h7'] as const;
export type ThemeHeadingLevel = (typeof THEME_HEADING_LEVELS)[number];
export const DEFAULT_HEADING_FONT_FAMILY: FontFamily = 'serif';

/** Spec part 2: the add/edit-module side panel. */
export const SIDE_PANEL_DEFAULT_WIDTH = 300;
export const SIDE_PANEL_SETTINGS = [
  'event',
  'page',
  'pageName',
  'selectedModule',
  'widget',
  'parentWidget',
  'menuPage',
  'defaultLink',
  'configurable',
  'showAudience',
  'webDesignerMode',
] as const;
