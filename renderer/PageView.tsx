import { useData } from 'vike-react/useData';
import { BlockList } from './BlockList.tsx';
import { localeOf } from '../schema/locales.ts';
import { wordsOf } from './language.ts';
import { Layout } from './layout/Layout.tsx';
import type { PageData } from './page-data.ts';

/** The layout around the page's blocks, from the page's data. */
export function PageBody({ data }: { data: PageData }) {
  return (
    <Layout
      config={data.config}
      route={data.route}
      hideNavbar={data.page.hideNavbar}
      language={data.language}
    >
      <BlockList
        blocks={data.page.blocks}
        context={{
          config: data.config,
          words: wordsOf(data.language),
          locale: localeOf(data.language?.ogLocale ?? data.config.seo.locale),
        }}
        {...(data.language?.shownFromSource
          ? { shownFromSource: data.language.shownFromSource }
          : {})}
        {...(data.language?.textsFromSource
          ? { textsFromSource: data.language.textsFromSource }
          : {})}
      />
    </Layout>
  );
}

/** The one Vike page component (server side: vike-react provides the data). */
export function PageView() {
  return <PageBody data={useData<PageData>()} />;
}
