import { describe, expect, it } from 'vitest';
import { appOffer } from './appOffer';

const noStores = { iosStoreUrl: null, androidStoreUrl: null };
const stores = {
  iosStoreUrl: 'https://apps.apple.com/app/x/id1',
  androidStoreUrl: 'https://play.google.com/x',
};

describe('what a visitor is offered to get the app', () => {
  it('without store links a phone stays on the web app: Install where the browser offers it', () => {
    expect(appOffer({ brand: noStores, platform: 'android', standalone: false, canPrompt: true })).toEqual({
      kind: 'install',
    });
    expect(appOffer({ brand: noStores, platform: null, standalone: false, canPrompt: true })).toEqual({
      kind: 'install',
    });
  });
  it('on iOS without a store link, the add-to-home-screen hint (iOS has no install prompt)', () => {
    expect(appOffer({ brand: noStores, platform: 'ios', standalone: false, canPrompt: false })).toEqual({
      kind: 'ios-hint',
    });
  });
  it('with real store links, a phone goes to its own store (the spec)', () => {
    expect(appOffer({ brand: stores, platform: 'android', standalone: false, canPrompt: true })).toEqual({
      kind: 'store',
      url: 'https://play.google.com/x',
    });
    expect(appOffer({ brand: stores, platform: 'ios', standalone: false, canPrompt: false })).toEqual({
      kind: 'store',
      url: 'https://apps.apple.com/app/x/id1',
    });
    expect(
      appOffer({
        brand: { ...noStores, androidStoreUrl: 'https://play.google.com/x' },
        platform: 'ios',
        standalone: false,
        canPrompt: false,
      }),
    ).toEqual({ kind: 'ios-hint' });
  });
  it('offers nothing when running as the installed app, or on a desktop without a prompt', () => {
    expect(appOffer({ brand: stores, platform: 'android', standalone: true, canPrompt: true })).toEqual({
      kind: 'none',
    });
    expect(appOffer({ brand: noStores, platform: 'ios', standalone: true, canPrompt: false })).toEqual({
      kind: 'none',
    });
    expect(appOffer({ brand: stores, platform: null, standalone: false, canPrompt: false })).toEqual({
      kind: 'none',
    });
  });
});
