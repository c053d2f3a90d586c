import { z } from 'zod';
import { listQuerySchema } from '../list.js';
import { multiValueFilter } from '../list-filters.js';
import { tenancyNameSchema, timestampSchema, updatedBySchema } from './common.js';

export const eventHubSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  organizationId: z.uuid(),
  organizationName: z.string(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
  updatedBy: updatedBySchema,
});
export type EventHubRecord = z.output<typeof eventHubSchema>;

export const createEventHubSchema = z.object({ name: tenancyNameSchema, organizationId: z.uuid() });
export type CreateEventHub = z.output<typeof createEventHubSchema>;

/** Moving a hub to another organization moves its events with it. */
export const updateEventHubSchema = createEventHubSchema.partial();
export type UpdateEventHub = z.output<typeof updateEventHubSchema>;

export const eventHubListQuerySchema = listQuerySchema.extend({
  organizationId: multiValueFilter(z.uuid()).optional(),
});
