import { z } from 'zod';
import { listQuerySchema } from '../list.js';
import { booleanFilter, multiValueFilter } from '../list-filters.js';
import { MESSAGES } from '../messages.js';
import { appVersionPlatformSchema } from '../spec/tenancy.js';
import { timestampSchema } from './common.js';
import { TENANCY_MESSAGES } from './messages.js';

export const APP_VERSION_MAX_LENGTH = 64;
/** 1 to 4 numeric parts, optionally a pre-release or build suffix: 1.2, 1.2.3, 2.0.0-beta.1, 3.1.0+42. */
export const APP_VERSION_PATTERN = /^\d{1,6}(?:\.\d{1,6}){0,3}(?:[-+][0-9A-Za-z.-]{1,40})?$/;

export const appVersionStringSchema = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, { error: MESSAGES.required, abort: true })
  .max(APP_VERSION_MAX_LENGTH, { error: MESSAGES.maxLength, abort: true })
  .regex(APP_VERSION_PATTERN, TENANCY_MESSAGES.invalidVersion);

export const appVersionSchema = z.object({
  id: z.uuid(),
  platform: appVersionPlatformSchema,
  version: z.string(),
  isRequired: z.boolean(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type AppVersionRecord = z.output<typeof appVersionSchema>;

export const createAppVersionSchema = z.object({
  platform: appVersionPlatformSchema,
  version: appVersionStringSchema,
  isRequired: z.boolean().default(false),
});
export type CreateAppVersion = z.output<typeof createAppVersionSchema>;

export const updateAppVersionSchema = z.object({
  platform: appVersionPlatformSchema.optional(),
  version: appVersionStringSchema.optional(),
  isRequired: z.boolean().optional(),
});
export type UpdateAppVersion = z.output<typeof updateAppVersionSchema>;

export const appVersionListQuerySchema = listQuerySchema.extend({
  platform: multiValueFilter(appVersionPlatformSchema).optional(),
  isRequired: booleanFilter.optional(),
});
