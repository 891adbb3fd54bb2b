import { usePageContext } from 'vike-react/usePageContext';
import { BlockList } from '../../BlockList.tsx';
import { Layout } from '../../layout/Layout.tsx';
import type { PageData } from '../../page-data.ts';
import { UnexpectedError } from '../../layout/UnexpectedError.tsx';

/** 404 (from pages/404.yaml) or the generic fallback for unexpected failures. */
export default function ErrorPage() {
  const pageContext = usePageContext();
  const data = pageContext.data as PageData | undefined;
  if (pageContext.is404 && data) {
    return (
      <Layout config={data.config} route="/404">
        <div data-page-status="404">
          <BlockList blocks={data.page.blocks} context={{ config: data.config }} />
        </div>
      </Layout>
    );
  }
  const error = (pageContext as { errorWhileRendering?: unknown }).errorWhileRendering;
  const message = pageContext.abortReason ?? (error instanceof Error ? error.message : undefined);
  return (
    <UnexpectedError
      status={pageContext.abortStatusCode ?? 500}
      message={
        typeof message === 'string' ? message : 'Something went wrong while showing this page.'
      }
    />
  );
}
