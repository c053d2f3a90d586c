import { useSyncExternalStore } from 'react';

/** Chrome's and Edge's install offer (not in TypeScript's DOM types). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let held: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((l) => l());

/**
 * Keeps the browser's install offer for a later click on Install. Called once at start (main.tsx):
 * the event can fire before any screen that shows the button has loaded.
 */
export function captureInstallPrompt(target: Window = window): void {
  target.addEventListener('beforeinstallprompt', (event) => {
    // Without preventDefault some browsers show their own mini bar at once.
    event.preventDefault();
    held = event as BeforeInstallPromptEvent;
    changed();
  });
  target.addEventListener('appinstalled', () => {
    held = null;
    changed();
  });
}

/** Shows the browser's install dialog; the offer can be used once, whatever the answer. */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const event = held;
  if (!event) return 'unavailable';
  held = null;
  changed();
  await event.prompt();
  return (await event.userChoice).outcome;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True while an install offer is held. */
export function useCanPromptInstall(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => held !== null,
    () => false,
  );
}

/** Running as the installed app (home-screen icon), where offering to install makes no sense. */
export function isStandalone(): boolean {
  if (typeof window === 'undefined') return false;
  const ios = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return ios || window.matchMedia?.('(display-mode: standalone)').matches === true;
}
