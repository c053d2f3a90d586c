import { useEffect } from 'react';
import { useBrand } from '../brand/BrandProvider';

/** Sets the document title to "<page> · <brand>" (WCAG 2.4.2); `enabled` false leaves it to another component. */
export function usePageTitle(title: string | undefined, enabled = true): void {
  const brand = useBrand();
  useEffect(() => {
    if (enabled) document.title = title ? `${title} · ${brand.title}` : brand.title;
  }, [title, brand.title, enabled]);
}
