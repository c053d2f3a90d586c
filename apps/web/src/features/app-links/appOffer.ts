import type { Brand } from '../../shared/api/types';
import { storeUrlFor, type MobilePlatform } from './mobilePlatform';

/**
 * What a visitor is offered to get the app:
 * - `store`: a phone whose brand has a real store listing for it goes there (spec: /event-url);
 * - `install`: the browser offered to install the web app (`beforeinstallprompt`): an Install button;
 * - `ios-hint`: iOS has no such event: a hint to use Share → Add to Home Screen;
 * - `none`: already running as the installed app, or nothing to offer (a desktop without a prompt).
 */
export type AppOffer =
  { kind: 'store'; url: string } | { kind: 'install' } | { kind: 'ios-hint' } | { kind: 'none' };

export interface OfferInput {
  brand: Pick<Brand, 'iosStoreUrl' | 'androidStoreUrl'>;
  platform: MobilePlatform | null;
  /** `display-mode: standalone` (or iOS's navigator.standalone): the app is what is running. */
  standalone: boolean;
  /** A `beforeinstallprompt` event is held. */
  canPrompt: boolean;
}

export function appOffer({ brand, platform, standalone, canPrompt }: OfferInput): AppOffer {
  if (standalone) return { kind: 'none' };
  const url = storeUrlFor(brand as Brand, platform);
  if (url) return { kind: 'store', url };
  if (canPrompt) return { kind: 'install' };
  if (platform === 'ios') return { kind: 'ios-hint' };
  return { kind: 'none' };
}
