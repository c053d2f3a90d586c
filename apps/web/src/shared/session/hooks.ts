import { useMemo } from 'react';
import { useStore } from '../store/createStore';
import { commonStore, type CommonState } from './commonStore';
import { userStore, type UserState } from './userStore';

/**
 * The signed-in user's state. While an admin impersonates someone the API answers as that person,
 * so `tokenData.userId` is theirs too: screens that address "my" records (`users/{id}/events`,
 * `…/{userId}/profile`) then read the impersonated person's.
 */
export function useUserState(): UserState {
  const state = useStore(userStore, (s) => s);
  const impersonated = useStore(commonStore, (s) => s.impersonatedUser);
  return useMemo(
    () =>
      impersonated && state.tokenData
        ? { ...state, tokenData: { ...state.tokenData, userId: impersonated.id } }
        : state,
    [state, impersonated],
  );
}

export function useCommonState(): CommonState {
  return useStore(commonStore, (s) => s);
}

export function useDisplayName(): string {
  const { basicDetails } = useUserState();
  return `${basicDetails.firstName} ${basicDetails.lastName}`.trim();
}
