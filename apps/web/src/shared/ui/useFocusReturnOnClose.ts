import { useRef } from 'react';

/**
 * For dialogs that are unmounted on close (Mantine's own focus return needs `opened` to turn
 * false): remember the focused control when opening, focus it again after closing, if it is still
 * on the page (a deleted row's button is not).
 */
export function useFocusReturnOnClose() {
  const trigger = useRef<HTMLElement | null>(null);
  return {
    remember: () => {
      trigger.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    restore: () => {
      const el = trigger.current;
      trigger.current = null;
      if (el) requestAnimationFrame(() => el.isConnected && el.focus());
    },
  };
}
