import { optionsFrom } from '../../shared/list';
import type { EventHub, Organization, TenancyEvent } from './types';

/** Option lists shared by filters and forms (the API scopes them to what the caller may see). */
export const organizationOptions = optionsFrom<Organization>('organizations', (o) => ({
  value: o.id,
  label: o.name,
}));
export const eventHubOptions = optionsFrom<EventHub>('event-hubs', (h) => ({
  value: h.id,
  label: h.organizationName ? `${h.name} (${h.organizationName})` : h.name,
}));
export const eventOptions = optionsFrom<TenancyEvent>('events', (e) => ({ value: e.id, label: e.name }));
