import type { Db } from '../db/index.js';
import { eventLook } from './email.repo.js';
import { safeColor } from './html.js';
import type { EmailBrand } from './layout.js';

/** The part of a brand (config/brands.json) an e-mail shows. */
interface BrandLook {
  title: string;
  logoUrl: string;
  primaryColor: string;
}

interface Brands {
  forHost(host: string): BrandLook;
}

/** A new event's colour before anyone chose one (migration 0001's default): the brand's is used instead. */
const UNSET_EVENT_COLOR = '#000000';
const FALLBACK_COLOR = '#4338ca';

function absolute(url: string, origin: string): string | undefined {
  try {
    return new URL(url, origin).href;
  } catch {
    return undefined;
  }
}

/**
 * The brand of the host the e-mail's links point to (`origin`): its title, logo and colour. An
 * event's e-mail shows the event's name and, once chosen, its primary colour.
 */
export function emailBrand(
  brands: Brands,
  origin: string,
  event?: { name: string; primaryColor: string | null },
): EmailBrand {
  const brand = brands.forHost(new URL(origin).host);
  const brandColor = safeColor(brand.primaryColor, FALLBACK_COLOR);
  const eventColor = event?.primaryColor?.toLowerCase() === UNSET_EVENT_COLOR ? null : event?.primaryColor;
  return {
    name: event?.name ?? brand.title,
    sender: brand.title,
    logoUrl: brand.logoUrl ? absolute(brand.logoUrl, origin) : undefined,
    color: safeColor(eventColor, brandColor),
  };
}

/** `emailBrand` for an event read by id (its name and colour as committed in `db`). */
export async function eventEmailBrand(
  deps: { db: Db; brands: Brands },
  eventId: string,
  origin: string,
): Promise<EmailBrand> {
  const event = await eventLook(deps.db, eventId);
  return emailBrand(deps.brands, origin, event);
}
