import { createStore } from '../store/createStore';
import { readJson, readString, writeJson, writeString } from './storage';

export interface ImpersonatedUser {
  id: string;
  name: string;
}

/** Spec part 3, common state (the parts this shell uses). Kept in memory, mirrored to the stored keys. */
export interface CommonState {
  participantView: boolean;
  impersonatedUser: ImpersonatedUser | null;
}

function isImpersonatedUser(value: unknown): value is ImpersonatedUser {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { id?: unknown }).id === 'string' &&
    typeof (value as { name?: unknown }).name === 'string'
  );
}

export const commonStore = createStore<CommonState>({
  participantView: readString('participantView') === 'true',
  impersonatedUser: readJson('impersonatedUser', isImpersonatedUser),
});

commonStore.subscribe(() => {
  const s = commonStore.getState();
  writeString('participantView', s.participantView ? 'true' : null);
  writeJson('impersonatedUser', s.impersonatedUser);
});
