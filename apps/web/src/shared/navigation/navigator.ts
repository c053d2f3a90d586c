/**
 * Lets code outside React (the API client, the session actions) navigate with the active router.
 * The router registers itself on creation; before that, a full page load is used.
 */
type NavigateFn = (to: string, options?: { replace?: boolean }) => void;

let navigateImpl: NavigateFn | null = null;

export function registerNavigator(fn: NavigateFn): void {
  navigateImpl = fn;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  if (navigateImpl) navigateImpl(to, options);
  else if (options?.replace) window.location.replace(to);
  else window.location.assign(to);
}

export function currentPath(): string {
  return window.location.pathname;
}
