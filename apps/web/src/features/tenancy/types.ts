import type { AdminRole, AppVersionPlatform, OrganizationStatus, RoleScope } from '@plenary/domain';

/** Record shapes of the super-admin list endpoints (docs/CONTRACTS.md, tenancy). Dates are ISO strings. */
export interface Organization {
  id: string;
  name: string;
  settings: { status: OrganizationStatus };
  createdAt: string;
  updatedAt: string;
  updatedBy: { firstName: string; lastName: string } | null;
  sso: { issuer: string; clientId: string; hosts: string[]; hasSecret: boolean } | null;
}

export interface EventHub {
  id: string;
  name: string;
  organizationId: string;
  organizationName: string;
  createdAt: string;
  updatedAt: string;
}

export interface TenancyEvent {
  id: string;
  name: string;
  description: string;
  eventHubId: string;
  eventHubName: string;
  organizationId: string;
  organizationName: string;
  startAt: string;
  endAt: string;
  timezone: string;
  address: string;
  primaryColor: string;
  secondaryColor: string;
  createdAt: string;
  updatedAt: string;
}

export interface RoleAssignment {
  scope: RoleScope;
  scopeId: string;
  scopeName?: string;
  role: AdminRole;
}

export interface AdminUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  roles: RoleAssignment[];
  createdAt: string;
}

export interface AppVersion {
  id: string;
  platform: AppVersionPlatform;
  version: string;
  isRequired: boolean;
  createdAt: string;
}
