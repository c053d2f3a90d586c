import { parseQrPayload } from '@plenary/domain';

/** "First Last", or the fallback when both are empty. */
export function displayName(p: { firstName: string; lastName: string }, fallback = ''): string {
  return `${p.firstName} ${p.lastName}`.trim() || fallback;
}

/** "Job title, Company" (either may be missing). */
export function headline(p: { jobTitle: string; company: string }): string {
  return [p.jobTitle, p.company].filter((s) => s.trim() !== '').join(', ');
}

/** A scanned text worth sending: a participant badge (the API decides whether it is one of this event's). */
export function isBadgeQr(text: string): boolean {
  return parseQrPayload(text.trim())?.type === 'PARTICIPANT_QR_CODE';
}

/** The badge's SVG as an image address (the SVG is the API's QR drawing: no script, no external reference). */
export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
