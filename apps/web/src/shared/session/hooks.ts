import { useStore } from '../store/createStore';
import { commonStore, type CommonState } from './commonStore';
import { userStore, type UserState } from './userStore';

export function useUserState(): UserState {
  return useStore(userStore, (s) => s);
}

export function useCommonState(): CommonState {
  return useStore(commonStore, (s) => s);
}

export function useDisplayName(): string {
  const { basicDetails } = useUserState();
  return `${basicDetails.firstName} ${basicDetails.lastName}`.trim();
}
