import { z } from 'zod';
import { requestHostSchema } from '../accounts/schemas.js';
import { listQuerySchema } from '../list.js';
import { multiValueFilter } from '../list-filters.js';
import { MESSAGES } from '../messages.js';
import { organizationStatusSchema } from '../spec/tenancy.js';
import { requiredString } from '../validation/strings.js';
import { urlSchema } from '../validation/url.js';
import { tenancyNameSchema, timestampSchema, updatedBySchema } from './common.js';

export const SSO_HOSTS_MAX = 20;

/** Single sign-on of an organization (an OpenID Connect provider), chosen at sign-in by host. */
export const ssoInputSchema = z.object({
  issuer: urlSchema.pipe(z.string().max(500, MESSAGES.maxLength)),
  clientId: requiredString(200),
  /** Omit to keep the stored secret; required when the organization has none yet. Never returned. */
  clientSecret: requiredString(500).optional(),
  hosts: z
    .array(requestHostSchema.transform((h) => h.toLowerCase()))
    .min(1, MESSAGES.required)
    .max(SSO_HOSTS_MAX, MESSAGES.maxLength),
});
export type SsoInput = z.infer<typeof ssoInputSchema>;

export const ssoSchema = z.object({
  issuer: z.string(),
  clientId: z.string(),
  hosts: z.array(z.string()),
  hasSecret: z.boolean(),
});

export const organizationSettingsSchema = z.object({ status: organizationStatusSchema });

export const organizationSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  settings: organizationSettingsSchema,
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
  updatedBy: updatedBySchema,
  sso: ssoSchema.nullable(),
});
export type OrganizationRecord = z.output<typeof organizationSchema>;

export const createOrganizationSchema = z.object({
  name: tenancyNameSchema,
  settings: organizationSettingsSchema.default({ status: 'DRAFT' }),
  sso: ssoInputSchema.nullable().optional(),
});
export type CreateOrganization = z.output<typeof createOrganizationSchema>;

/** Every field optional; `sso: null` removes single sign-on. */
export const updateOrganizationSchema = z.object({
  name: tenancyNameSchema.optional(),
  settings: organizationSettingsSchema.optional(),
  sso: ssoInputSchema.nullable().optional(),
});
export type UpdateOrganization = z.output<typeof updateOrganizationSchema>;

export const organizationListQuerySchema = listQuerySchema.extend({
  status: multiValueFilter(organizationStatusSchema).optional(),
});
