import { useQuery } from '@tanstack/react-query';
import { createContext, useContext, useDeferredValue, useEffect, type ReactNode } from 'react';
import { API_BASE } from '../api/client';
import type { Brand } from '../api/types';
import { DEFAULT_BRAND } from './fallbackBrands';

const BrandContext = createContext<Brand>(DEFAULT_BRAND);

async function fetchBrand(): Promise<Brand> {
  const response = await fetch(`${API_BASE}/brand`, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`brand: ${response.status}`);
  const brand = (await response.json()) as Partial<Brand>;
  return { ...DEFAULT_BRAND, ...brand } as Brand;
}

function setHeadLink(rel: string, href: string, type?: string): void {
  let link = document.head.querySelector<HTMLLinkElement>(`link[rel="${rel}"]`);
  if (!link) {
    link = document.createElement('link');
    link.rel = rel;
    document.head.appendChild(link);
  }
  link.href = href;
  if (type) link.type = type;
}

function setThemeColorMeta(color: string): void {
  document.head.querySelector<HTMLMetaElement>('meta[name="theme-color"]')?.setAttribute('content', color);
}

/** Loads the host's brand from the API and applies its favicon and browser colour. */
export function BrandProvider({ children }: { children: ReactNode }) {
  const { data, isPending } = useQuery({
    queryKey: ['brand'],
    queryFn: fetchBrand,
    staleTime: Infinity,
    retry: 1,
  });
  const brand = data ?? DEFAULT_BRAND;

  useEffect(() => {
    setHeadLink('icon', brand.iconUrl, brand.iconUrl.endsWith('.svg') ? 'image/svg+xml' : undefined);
    setThemeColorMeta(brand.primaryColor);
  }, [brand.iconUrl, brand.primaryColor]);

  // Wait for the brand (a few ms locally) so the page does not flash the wrong one. Deferred: the
  // whole app's first render then runs as a transition, in slices, not as one long blocking task.
  const settled = useDeferredValue(!isPending, false);
  if (!settled) return null;
  return <BrandContext.Provider value={brand}>{children}</BrandContext.Provider>;
}

export function useBrand(): Brand {
  return useContext(BrandContext);
}
