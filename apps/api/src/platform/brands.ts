import { readFileSync } from 'node:fs';
import { z } from 'zod';

export const brandSchema = z.object({
  id: z.string(),
  title: z.string(),
  iconUrl: z.string(),
  logoUrl: z.string(),
  primaryColor: z.string(),
  secondaryColor: z.string(),
  /** The brand's store listings; null (or left out of the file) when it has none: phones then stay on the web app. */
  iosStoreUrl: z.url().nullable().default(null),
  androidStoreUrl: z.url().nullable().default(null),
});
export type Brand = z.infer<typeof brandSchema>;

const brandsFileSchema = z.object({
  default: z.string(),
  brands: z.array(brandSchema.extend({ hosts: z.array(z.string()) })).min(1),
});

export interface BrandCatalog {
  forHost(host: string): Brand;
  /** True when a brand lists the host (port ignored): links in e-mails may point there. */
  hasHost(host: string): boolean;
}

/** Brands and the hosts they serve, from a JSON file operators edit (config/brands.json). */
export function loadBrands(file: string): BrandCatalog {
  const parsed = brandsFileSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  const fallback = parsed.brands.find((b) => b.id === parsed.default) ?? parsed.brands[0]!;
  const strip = ({ hosts: _hosts, ...brand }: (typeof parsed.brands)[number]): Brand => brand;
  return {
    forHost(host) {
      const name = host.split(':')[0]!.toLowerCase();
      const hit = parsed.brands.find((b) => b.hosts.includes(name));
      return strip(hit ?? fallback);
    },
    hasHost(host) {
      const name = host.split(':')[0]!.toLowerCase();
      return parsed.brands.some((b) => b.hosts.includes(name));
    },
  };
}
