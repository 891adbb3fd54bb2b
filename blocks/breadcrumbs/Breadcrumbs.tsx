import '@mantine/core/styles/Container.css';
import { Icon } from '../../ui/Icon.tsx';
import { Section } from '../../ui/Section.tsx';
import { langOf } from '../../ui/source-language.ts';
import type { BlockProps } from '../types.ts';
import { wordsOf } from '../words.ts';
import classes from './Breadcrumbs.module.css';

/**
 * The trail from Home to this page. The last item is the current page: no link,
 * `aria-current="page"`.
 */
export function Breadcrumbs({ block, context, sourceTexts }: BlockProps<'breadcrumbs'>) {
  const words = wordsOf(context);
  const lang = langOf(sourceTexts);
  const last = block.items.length - 1;
  return (
    <Section block={block} langOf={lang} className={classes.root} onDark={classes.onDark}>
      <nav aria-label={words.breadcrumb}>
        <ol className={classes.list}>
          {block.items.map((item, index) => (
            <li key={index} className={classes.item} {...lang('items', index)}>
              {index > 0 && <Icon name="chevronRight" size={16} className={classes.separator} />}
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
