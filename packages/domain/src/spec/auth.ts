import { z } from 'zod';

/** Spec part 4: after a 401 'Token expired', logout follows after 5 seconds. */
export const REAUTH_DELAY_MS = 5000;
/** Spec part 4: after a login failure, logout follows after 3 seconds. */
export const LOGIN_FAILURE_LOGOUT_DELAY_MS = 3000;

/** Spec part 1: the admin console lives on a host whose name starts with "cms.". */
export const CMS_HOST_PREFIX = 'cms.';
export function isCmsHost(host: string): boolean {
  return host.toLowerCase().startsWith(CMS_HOST_PREFIX);
}

/** Spec part 6: request header naming the impersonated user. */
export const IMPERSONATE_HEADER = 'impersonate';

/** Spec part 6: login types are kept separate for the admin console, the event website and the demo. */
export const LOGIN_TYPES = ['CMS', 'EVENT_WEBSITE', 'DEMO'] as const;
export type LoginType = (typeof LOGIN_TYPES)[number];
export const loginTypeSchema = z.enum(LOGIN_TYPES);

/** Spec part 3: browser-side stored keys. */
export const STORAGE_KEYS = {
  accessToken: 'plenary.accessToken',
  role: 'plenary.role',
  userId: 'plenary.userId',
  userData: 'plenary.userData',
  participantView: 'plenary.participantView',
  redirectUrl: 'plenary.redirectUrl',
  loginType: 'plenary.loginType',
  formAccessToken: 'plenary.formAccessToken',
  impersonatedUser: 'plenary.impersonatedUser',
} as const;
export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** Spec part 4: cleared by a login request, a login failure and logout. */
export const SESSION_STORAGE_KEYS = [
  STORAGE_KEYS.accessToken,
  STORAGE_KEYS.role,
  STORAGE_KEYS.userId,
  STORAGE_KEYS.userData,
  STORAGE_KEYS.participantView,
] as const;
