import '@mantine/core/styles/Container.css';
import { Section } from '../../ui/Section.tsx';
import type { BlockProps } from '../types.ts';
import classes from './Breadcrumbs.module.css';

function Separator() {
  return (
    <svg className={classes.separator} width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path d="m6 3.5 4.5 4.5L6 12.5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** The trail from Home to this page. The last item is the current page: no link, `aria-current="page"`. */
export function Breadcrumbs({ block }: BlockProps<'breadcrumbs'>) {
  const last = block.items.length - 1;
  return (
    <Section id={block.id} tone={block.tone} className={[classes.root, block.tone === 'dark' ? classes.onDark : ''].join(' ')}>
      <nav aria-label="Breadcrumb">
        <ol className={classes.list}>
          {block.items.map((item, index) => (
            <li key={index} className={classes.item}>
              {index > 0 && <Separator />}
              {index === last ? (
                <span className={classes.current} aria-current="page">
                  {item.label}
                </span>
              ) : item.href ? (
                <a className={classes.link} href={item.href}>
                  {item.label}
                </a>
              ) : (
                <span className={classes.plain}>{item.label}</span>
              )}
            </li>
          ))}
        </ol>
      </nav>
    </Section>
  );
}
