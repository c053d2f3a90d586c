import type { Brand } from '../../shared/api/types';

export type MobilePlatform = 'ios' | 'android';

/** iPadOS presents itself as a Mac: a touch-capable "Macintosh" counts as iOS. */
export function mobilePlatform(userAgent: string, maxTouchPoints = 0): MobilePlatform | null {
  if (/android/i.test(userAgent)) return 'android';
  if (/iphone|ipad|ipod/i.test(userAgent)) return 'ios';
  if (/macintosh/i.test(userAgent) && maxTouchPoints > 1) return 'ios';
  return null;
}

export function storeUrlFor(brand: Brand, platform: MobilePlatform | null): string | null {
  if (platform === 'ios') return brand.iosStoreUrl;
  if (platform === 'android') return brand.androidStoreUrl;
  return null;
}
