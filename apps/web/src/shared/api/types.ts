/**
 * Answer shapes the shell reads. Kept structural and minimal: the API's zod schemas (OpenAPI at
 * /api/v1/openapi.json) are the reference.
 */
export interface ListAnswer<T> {
  records: T[];
  total: number;
}

export interface EventSummary {
  id: string;
  name: string;
  description?: string;
  startAt: string;
  endAt: string;
  timezone: string;
  address?: string;
  primaryColor?: string;
  secondaryColor?: string;
  eventHubId?: string;
  organizationId?: string;
  /** The signed-in user's role in this event, when the answer carries it. */
  role?: string;
  status?: string;
  participantCount?: number;
  sessionCount?: number;
}

export interface UserProfile {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  photoUrl?: string | null;
  photoURL?: string | null;
}

export interface Brand {
  id: string;
  title: string;
  iconUrl: string;
  logoUrl: string;
  primaryColor: string;
  secondaryColor: string;
  iosStoreUrl: string | null;
  androidStoreUrl: string | null;
}
