import { readString, writeString } from './storage';

/** Only same-origin paths are kept, so a crafted link cannot send a user elsewhere after sign-in. */
export function isSafeRedirect(path: string | null | undefined): path is string {
  return (
    typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\')
  );
}

export function storeRedirectUrl(path: string): void {
  if (isSafeRedirect(path)) writeString('redirectUrl', path);
}

export function peekRedirectUrl(): string | null {
  const stored = readString('redirectUrl');
  return isSafeRedirect(stored) ? stored : null;
}

/** Reads and forgets the stored redirect url. */
export function takeRedirectUrl(): string | null {
  const stored = peekRedirectUrl();
  writeString('redirectUrl', null);
  return stored;
}
