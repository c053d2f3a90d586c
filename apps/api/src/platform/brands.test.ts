import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadBrands } from './brands.js';

const brand = (id: string, hosts: string[], stores: Record<string, unknown>) => ({
  id,
  title: id,
  iconUrl: `/brands/${id}/icon.svg`,
  logoUrl: `/brands/${id}/logo.svg`,
  primaryColor: '#4338ca',
  secondaryColor: '#0f766e',
  hosts,
  ...stores,
});

function brandsFile(content: unknown): string {
  const file = join(mkdtempSync(join(tmpdir(), 'brands-')), 'brands.json');
  writeFileSync(file, JSON.stringify(content));
  return file;
}

describe('brand store links', () => {
  it('are null when a brand has none (null or left out): phones then stay on the web app', () => {
    const brands = loadBrands(
      brandsFile({
        default: 'a',
        brands: [
          brand('a', ['a.localhost'], { iosStoreUrl: null, androidStoreUrl: null }),
          brand('b', ['b.localhost'], {}),
          brand('c', ['c.localhost'], { androidStoreUrl: 'https://play.google.com/store/apps/details?id=c' }),
        ],
      }),
    );
    expect(brands.forHost('a.localhost')).toMatchObject({ iosStoreUrl: null, androidStoreUrl: null });
    expect(brands.forHost('b.localhost')).toMatchObject({ iosStoreUrl: null, androidStoreUrl: null });
    expect(brands.forHost('c.localhost')).toMatchObject({
      iosStoreUrl: null,
      androidStoreUrl: 'https://play.google.com/store/apps/details?id=c',
    });
  });

  it('refuse a store link that is no URL', () => {
    const file = brandsFile({ default: 'a', brands: [brand('a', ['a.localhost'], { iosStoreUrl: 'soon' })] });
    expect(() => loadBrands(file)).toThrow();
  });

  it('ship no placeholder listing for the default brand (config/brands.json)', () => {
    const brands = loadBrands(resolve(import.meta.dirname, '../../../../config/brands.json'));
    expect(brands.forHost('localhost')).toMatchObject({ iosStoreUrl: null, androidStoreUrl: null });
  });
});
