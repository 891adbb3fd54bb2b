import { useData } from 'vike-react/useData';
import { BlockList } from './BlockList.tsx';
import { Layout } from './layout/Layout.tsx';
import type { PageData } from './page-data.ts';

/** The one React page component: the layout around the page's blocks. */
export function PageView() {
  const data = useData<PageData>();
  return (
    <Layout config={data.config} route={data.route} hideNavbar={data.page.hideNavbar}>
      <BlockList blocks={data.page.blocks} context={{ config: data.config, route: data.route }} />
    </Layout>
  );
}
