import type { AppInstalledBody } from '@plenary/domain';
import { useEffect } from 'react';
import { apiFetch } from '../../shared/api/client';

const storageKey = (eventId: string) => `plenary.appInstalled.${eventId}`;

function platform(): AppInstalledBody['platform'] {
  const agent = navigator.userAgent;
  if (/iPhone|iPad|iPod/i.test(agent)) return 'IOS';
  if (/Android/i.test(agent)) return 'ANDROID';
  return matchMedia('(pointer: fine)').matches ? 'DESKTOP' : 'WEB';
}

async function report(eventId: string): Promise<void> {
  if (localStorage.getItem(storageKey(eventId))) return;
  try {
    await apiFetch(`/events/${eventId}/me/app-installed`, { method: 'POST', body: { platform: platform() } });
    localStorage.setItem(storageKey(eventId), '1');
  } catch {
    // Not a participant (an admin's preview) or offline: the next installed start tries again.
  }
}

/** Tells the API once per event that the participant app runs installed (DOWNLOAD_APP tasks). */
export function useAppInstalled(eventId: string | undefined): void {
  useEffect(() => {
    if (!eventId) return;
    if (matchMedia('(display-mode: standalone)').matches) void report(eventId);
    const onInstalled = () => void report(eventId);
    window.addEventListener('appinstalled', onInstalled);
    return () => window.removeEventListener('appinstalled', onInstalled);
  }, [eventId]);
}
