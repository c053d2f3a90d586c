import { useEffect } from 'react';
import { useBrand } from '../brand/BrandProvider';

/** Sets the document title to "<page> · <brand>" (WCAG 2.4.2). */
export function usePageTitle(title: string | undefined): void {
  const brand = useBrand();
  useEffect(() => {
    document.title = title ? `${title} · ${brand.title}` : brand.title;
  }, [title, brand.title]);
}
