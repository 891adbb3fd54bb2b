import { useData } from 'vike-react/useData';
import { BlockList } from '../../BlockList.tsx';
import { Layout } from '../../layout/Layout.tsx';
import type { CatalogueBlockPage, CatalogueData, CatalogueEntry } from './catalogue-data.ts';
import { CATALOGUE_ROOT } from './catalogue-root.ts';
import classes from './Catalogue.module.css';

/**
 * Schema descriptions mark field names and paths with backticks: show those as code, never as HTML.
 */
function Described({ text }: { text: string }) {
  return (
    <>
      {text
        .split(/(`[^`]+`)/)
        .map((part, index) =>
          part.startsWith('`') && part.endsWith('`') && part.length > 2 ? (
            <code key={index}>{part.slice(1, -1)}</code>
          ) : (
            part
          ),
        )}
    </>
  );
}

/** /_blocks and /_blocks/<type>: the block catalogue for people who write pages. */
export function CatalogueView() {
  const data = useData<CatalogueData>();
  const { entries, block } = data.catalogue;
  return (
    <Layout config={data.config} route={data.route}>
      <div className={classes.wrap}>
        <BlockNav entries={entries} current={block?.type} />
        <header className={classes.header}>
          <p className={classes.eyebrow}>Block catalogue</p>
          <h1 className={classes.title}>{block ? block.type : 'Every block a page can use'}</h1>
          <p className={classes.lead}>
            <Described text={block ? block.description : data.page.description} />
          </p>
          {!block && (
            <p className={classes.note}>
              A page is a YAML file in <code>pages/</code> with a <code>blocks:</code> list. Open a
              block to see it rendered next to the YAML that produces it, copy that YAML into your
              page and change the words. <code>AUTHORING.md</code> explains the rest.
            </p>
          )}
        </header>
        {block ? <BlockDetails block={block} /> : <BlockIndex entries={entries} />}
      </div>
      {block && data.page.blocks.length > 0 && (
        <section className={classes.preview} aria-labelledby="catalogue-preview">
          <div className={classes.wrap}>
            <h2 id="catalogue-preview" className={classes.sectionTitle}>
              Rendered
            </h2>
            <p className={classes.note}>The YAML above, exactly as a page shows it.</p>
          </div>
          <div className={classes.previewFrame}>
            <BlockList blocks={data.page.blocks} context={{ config: data.config }} />
          </div>
        </section>
      )}
      {block && <Fields block={block} />}
    </Layout>
  );
}

function BlockNav({
  entries,
  current,
}: {
  entries: CatalogueEntry[];
  current: string | undefined;
}) {
  return (
    <nav className={classes.nav} aria-label="Blocks">
      <ul className={classes.navList}>
        <li>
          <a
            className={classes.navLink}
            href={CATALOGUE_ROOT}
            aria-current={current ? undefined : 'page'}
          >
            All blocks
          </a>
        </li>
        {entries.map((entry) => (
          <li key={entry.type}>
            <a
              className={classes.navLink}
              href={`${CATALOGUE_ROOT}/${entry.type}`}
              aria-current={entry.type === current ? 'page' : undefined}
            >
              {entry.type}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function BlockIndex({ entries }: { entries: CatalogueEntry[] }) {
  return (
    <ul className={classes.grid} aria-label="Blocks">
      {entries.map((entry) => (
        <li key={entry.type} className={classes.card}>
          <h2 className={classes.cardTitle}>
            <a href={`${CATALOGUE_ROOT}/${entry.type}`}>{entry.type}</a>
          </h2>
          <p className={classes.cardText}>
            <Described text={entry.description} />
          </p>
          <p className={classes.tags}>
            {entry.interactive && <span className={classes.tag}>Interactive</span>}
            {!entry.ok && (
              <span className={`${classes.tag} ${classes.tagProblem}`}>
                Example missing or invalid
              </span>
            )}
          </p>
        </li>
      ))}
    </ul>
  );
}

function BlockDetails({ block }: { block: CatalogueBlockPage }) {
  return (
    <>
      {block.problems.length > 0 && (
        <div className={classes.problems} role="alert">
          <h2 className={classes.sectionTitle}>This block cannot be shown yet</h2>
          <ul>
            {block.problems.map((problem) => (
              <li key={problem}>
                <code>{problem}</code>
              </li>
            ))}
          </ul>
        </div>
      )}
      {block.pageYaml !== undefined && (
        <section className={classes.section} aria-labelledby="catalogue-yaml">
          <h2 id="catalogue-yaml" className={classes.sectionTitle}>
            YAML
          </h2>
          {/* One text node for the sentence (a line break here would split it in the HTML). */}
          {/* prettier-ignore */}
          <p className={classes.note}>
            Copy this under <code>blocks:</code> in a page and change the words. Source: <code>{block.file}</code>.
          </p>
          <pre className={classes.code} tabIndex={0} aria-label={`YAML of the ${block.type} block`}>
            <code>{`blocks:\n${block.pageYaml}`}</code>
          </pre>
        </section>
      )}
    </>
  );
}

function Fields({ block }: { block: CatalogueBlockPage }) {
  return (
    <section className={classes.wrap} aria-labelledby="catalogue-fields">
      <div className={classes.section}>
        <h2 id="catalogue-fields" className={classes.sectionTitle}>
          Fields
        </h2>
        {/* As written: a line break before a <code> would split the text into two nodes and change the HTML. */}
        {/* prettier-ignore */}
        <p className={classes.note}>
          Every block also takes <code>id</code> (an anchor for links such as <code>/page#pricing</code>) and <code>tone</code> (background). Fields
          inside a list or group are shown as <code>items › title</code>.
        </p>
        <section
          className={classes.tableScroll}
          tabIndex={0}
          aria-label={`Fields of the ${block.type} block`}
        >
          <table className={classes.table}>
            <thead>
              <tr>
                <th scope="col">Field</th>
                <th scope="col">Required</th>
                <th scope="col">What it is</th>
                <th scope="col">Example</th>
              </tr>
            </thead>
            <tbody>
              {block.fields.map((field) => (
                <tr key={field.path.join('.')}>
                  <th scope="row">
                    <code>{field.path.join(' › ')}</code>
                  </th>
                  <td data-label="Required">{field.required ? 'Yes' : 'No'}</td>
                  <td data-label="What it is">
                    <Described text={field.description} />
                    {field.allowed.length === 0 && (
                      <span className={classes.kind}> ({field.kind})</span>
                    )}
                    {field.allowed.length > 0 && (
                      <span className={classes.allowed}>
                        {' '}
                        One of:{' '}
                        {field.allowed.map((value, index) => (
                          <span key={value}>
                            {index > 0 && ', '}
                            <code>{value}</code>
                          </span>
                        ))}
                        .
                      </span>
                    )}
                  </td>
                  <td data-label="Example">{field.example && <code>{field.example}</code>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </div>
    </section>
  );
}
