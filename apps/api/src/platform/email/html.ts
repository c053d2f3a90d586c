/** Text of users (names, session titles) inside HTML: the five characters that could end an element or attribute. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const HEX_COLOR = /^#(?:[0-9a-f]{3}){1,2}$/i;

/** A colour that may go into a style attribute: `#rgb` or `#rrggbb`, else `fallback` (no CSS from the database). */
export function safeColor(color: string | null | undefined, fallback: string): string {
  return color && HEX_COLOR.test(color.trim()) ? color.trim().toLowerCase() : fallback;
}

function luminance(hex: string): number {
  const full =
    hex.length === 4
      ? hex
          .slice(1)
          .split('')
          .map((c) => c + c)
          .join('')
      : hex.slice(1);
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(full.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** White or near-black, whichever contrasts more with `background` (button labels on the brand colour). */
export function textOn(background: string): string {
  const l = luminance(background);
  const white = 1.05 / (l + 0.05);
  const dark = (l + 0.05) / (luminance('#111111') + 0.05);
  return white >= dark ? '#ffffff' : '#111111';
}
