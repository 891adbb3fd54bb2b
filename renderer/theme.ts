import { createTheme, type MantineColorsTuple } from '@mantine/core';

/**
 * Brand blue. Mantine's default shades 5–6 on white fail WCAG AA for small text, so filled buttons
 * and links use shade 7 (#1d4ed8, 6.7:1 on white) and the `primaryShade` points there.
 */
const brand: MantineColorsTuple = [
  '#eff4ff',
  '#dbe6fe',
  '#bfd3fe',
  '#93b4fd',
  '#6090fa',
  '#3b6ef6',
  '#2556eb',
  '#1d4ed8',
  '#1e40af',
  '#1e3a8a',
];

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 7,
  colors: { brand },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    fontWeight: '750',
  },
  defaultRadius: 'md',
  // Dimmed text defaults to gray.6 (#868e96, 3.3:1 on white) which fails AA; use gray.7 (#495057,
  // 8:1).
  other: {},
});
