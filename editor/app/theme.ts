import { createTheme, mergeThemeOverrides } from '@mantine/core';
import { theme as siteTheme } from '../../renderer/theme.ts';

/**
 * The site's brand colours and type, with a denser scale for a working tool and a focus ring on
 * every control.
 */
export const editorTheme = mergeThemeOverrides(
  siteTheme,
  createTheme({
    focusRing: 'auto',
    defaultRadius: 'md',
    headings: { fontWeight: '700' },
    components: {
      ActionIcon: { defaultProps: { variant: 'subtle' } },
      Tooltip: { defaultProps: { withArrow: true } },
    },
  }),
);
