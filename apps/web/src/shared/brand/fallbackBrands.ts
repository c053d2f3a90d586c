import type { Brand } from '../api/types';

/**
 * The two brand variants as the web app ships them (assets under public/brands/). The API decides
 * which brand a host gets (`GET /api/v1/brand`); these are used until it answers, or if it cannot.
 */
export const FALLBACK_BRANDS: Record<'plenary' | 'summit', Brand> = {
  plenary: {
    id: 'plenary',
    title: 'Plenary',
    iconUrl: '/brands/plenary/icon.svg',
    logoUrl: '/brands/plenary/logo.svg',
    primaryColor: '#4338ca',
    secondaryColor: '#0f766e',
    iosStoreUrl: null,
    androidStoreUrl: null,
  },
  summit: {
    id: 'summit',
    title: 'Summit Live',
    iconUrl: '/brands/summit/icon.svg',
    logoUrl: '/brands/summit/logo.svg',
    primaryColor: '#b45309',
    secondaryColor: '#1d4ed8',
    iosStoreUrl: null,
    androidStoreUrl: null,
  },
};

export const DEFAULT_BRAND = FALLBACK_BRANDS.plenary;
