import { useEffect, useState } from 'react';

export type Screen = { name: 'pages' } | { name: 'edit'; file: string } | { name: 'site' };

/** `#/` pages, `#/edit/pages/x.yaml` a page, `#/site` the site config. */
function parseHash(hash: string): Screen {
  const path = decodeURIComponent(hash.replace(/^#/, ''));
  if (path.startsWith('/edit/')) return { name: 'edit', file: path.slice('/edit/'.length) };
  if (path === '/site') return { name: 'site' };
  return { name: 'pages' };
}

export const hrefFor = (screen: Screen) =>
  screen.name === 'edit' ? `#/edit/${screen.file}` : screen.name === 'site' ? '#/site' : '#/';

export function useScreen(): Screen {
  const [screen, setScreen] = useState(() => parseHash(window.location.hash));
  useEffect(() => {
    const update = () => setScreen(parseHash(window.location.hash));
    window.addEventListener('hashchange', update);
    return () => window.removeEventListener('hashchange', update);
  }, []);
  return screen;
}

export const go = (screen: Screen) => {
  window.location.hash = hrefFor(screen);
};
