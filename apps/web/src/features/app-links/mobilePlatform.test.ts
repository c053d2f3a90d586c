import { describe, expect, it } from 'vitest';
import type { Brand } from '../../shared/api/types';
import { mobilePlatform, storeUrlFor } from './mobilePlatform';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36';
const IPADOS =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120 Safari/537.36';

describe('mobilePlatform', () => {
  it('recognises iOS, iPadOS and Android; desktops are null', () => {
    expect(mobilePlatform(IPHONE)).toBe('ios');
    expect(mobilePlatform(IPADOS, 5)).toBe('ios');
    expect(mobilePlatform(IPADOS, 0)).toBeNull();
    expect(mobilePlatform(ANDROID)).toBe('android');
    expect(mobilePlatform(DESKTOP)).toBeNull();
  });
  it("picks the brand's store link", () => {
    const brand = {
      iosStoreUrl: 'https://apps.example/ios',
      androidStoreUrl: 'https://play.example/a',
    } as Brand;
    expect(storeUrlFor(brand, 'ios')).toBe('https://apps.example/ios');
    expect(storeUrlFor(brand, 'android')).toBe('https://play.example/a');
    expect(storeUrlFor(brand, null)).toBeNull();
  });
});
