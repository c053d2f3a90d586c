import { z } from 'zod';

/** Spec part 4. */
export const ORGANIZATION_STATUSES = ['DRAFT', 'PUBLISHED'] as const;
export type OrganizationStatus = (typeof ORGANIZATION_STATUSES)[number];
export const organizationStatusSchema = z.enum(ORGANIZATION_STATUSES);

/** Spec part 9. */
export const APP_VERSION_PLATFORMS = ['iOS', 'Android'] as const;
export type AppVersionPlatform = (typeof APP_VERSION_PLATFORMS)[number];
export const appVersionPlatformSchema = z.enum(APP_VERSION_PLATFORMS);

/** Spec part 3: app versions show isRequired as Yes or No. */
export function yesNo(value: boolean): 'Yes' | 'No' {
  return value ? 'Yes' : 'No';
}
