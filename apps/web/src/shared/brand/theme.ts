import {
  createTheme,
  darken,
  defaultVariantColorsResolver,
  lighten,
  parseThemeColor,
  type MantineColorsTuple,
  type MantineThemeOverride,
  type VariantColorsResolver,
} from '@mantine/core';

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** Ten shades around `base` (index 6), the way Mantine expects a palette. */
export function paletteFrom(base: string): MantineColorsTuple {
  const color = HEX.test(base) ? base : '#000000';
  return [
    lighten(color, 0.94),
    lighten(color, 0.86),
    lighten(color, 0.72),
    lighten(color, 0.56),
    lighten(color, 0.4),
    lighten(color, 0.2),
    color,
    darken(color, 0.12),
    darken(color, 0.24),
    darken(color, 0.36),
  ];
}

/**
 * Mantine's light variant writes shade 6 text on a 10% tint, under the 4.5:1 that WCAG AA asks of
 * small text: use a darkened shade 9 for the text of light badges, alerts and buttons instead.
 */
const accessibleVariantColors: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  if (input.variant !== 'light') return colors;
  const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
  if (!parsed.isThemeColor || parsed.color === undefined) return colors;
  const shade9 = input.theme.colors[parsed.color]?.[9];
  if (!shade9) return colors;
  const text = darken(shade9, 0.3);
  return { ...colors, color: text, hoverColor: text };
};

/** The Mantine theme for a brand (console and participant app) or an event (its own colours). */
export function themeFor(primaryColor: string, secondaryColor: string): MantineThemeOverride {
  return createTheme({
    primaryColor: 'brand',
    primaryShade: 6,
    colors: { brand: paletteFrom(primaryColor), accent: paletteFrom(secondaryColor) },
    autoContrast: true,
    variantColorResolver: accessibleVariantColors,
    focusRing: 'auto',
    defaultRadius: 'md',
    cursorType: 'pointer',
    fontFamily: "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    headings: {
      fontFamily: "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
      fontWeight: '700',
    },
    components: {
      Button: { defaultProps: { radius: 'md' } },
      Card: { defaultProps: { radius: 'lg', withBorder: true, padding: 'lg' } },
      Paper: { defaultProps: { radius: 'lg' } },
    },
  });
}
