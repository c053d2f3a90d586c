import { ROLES, type DerivedRole } from '@plenary/domain';
import { createStore } from '../store/createStore';
import { rememberEvent } from './lastEvent';
import { readJson, readString, writeJson, writeString } from './storage';

/** Spec part 3, user state. The only client state that is persisted. */
export interface BasicDetails {
  firstName: string;
  lastName: string;
  photoURL: string | null;
}

export interface TokenData {
  userId: string;
  eventHubId: string | null;
}

export interface UserData {
  eventHubId: string | null;
  /** The console's selected event, so event-scoped screens survive a reload. */
  selectedEventId: string | null;
  basicDetails: BasicDetails;
}

export interface UserState {
  token: string | null;
  role: DerivedRole | null;
  authenticated: boolean;
  tokenData: TokenData | null;
  userData: UserData | null;
  basicDetails: BasicDetails;
}

export const EMPTY_BASIC_DETAILS: BasicDetails = { firstName: '', lastName: '', photoURL: null };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isUserData(value: unknown): value is UserData {
  return isRecord(value) && isRecord(value.basicDetails) && 'eventHubId' in value;
}

function isDerivedRole(value: string | null): value is DerivedRole {
  return value !== null && (ROLES as readonly string[]).includes(value);
}

function loadUserState(): UserState {
  const token = readString('accessToken');
  const storedRole = readString('role');
  const userId = readString('userId');
  const userData = readJson('userData', isUserData);
  const authenticated = token !== null && userId !== null;
  return {
    token,
    role: isDerivedRole(storedRole) ? storedRole : null,
    authenticated,
    tokenData: userId ? { userId, eventHubId: userData?.eventHubId ?? null } : null,
    userData,
    basicDetails: userData?.basicDetails ?? EMPTY_BASIC_DETAILS,
  };
}

export const userStore = createStore<UserState>(loadUserState());

// Persist on every change: a cleared field removes its key.
userStore.subscribe(() => {
  const s = userStore.getState();
  writeString('accessToken', s.token);
  writeString('role', s.role);
  writeString('userId', s.tokenData?.userId ?? null);
  writeJson('userData', s.userData ? { ...s.userData, basicDetails: s.basicDetails } : null);
});

export function selectEvent(eventId: string | null): void {
  userStore.setState((s) => ({
    userData: s.userData ? { ...s.userData, selectedEventId: eventId } : s.userData,
  }));
  const userId = userStore.getState().tokenData?.userId;
  if (userId && eventId) rememberEvent(userId, eventId);
}
