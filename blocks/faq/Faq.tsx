import '@mantine/core/styles/Container.css';
import { useId } from 'react';
import { Section } from '../../ui/Section.tsx';
import { langOf } from '../../ui/source-language.ts';
import type { BlockProps } from '../types.ts';
import classes from './Faq.module.css';

/**
 * Questions and answers as a native exclusive accordion: `<details>` elements sharing one `name`,
 * so opening one closes the others, the open one can be collapsed, and it all works by keyboard
 * (Tab, Enter, Space) without JavaScript.
 */
export function Faq({ block, sourceTexts }: BlockProps<'faq'>) {
  const lang = langOf(sourceTexts);
  const reactId = useId();
  const group = `faq-${block.id ?? reactId.replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return (
    <Section block={block} langOf={lang} size="md" centered>
      <div className={classes.list}>
        {block.items.map((item, index) => (
          <details
            key={item.question}
            name={group}
            className={classes.item}
            data-faq-item
            {...lang('items', index)}
          >
            <summary className={classes.question}>
              <span {...lang('items', index, 'question')}>{item.question}</span>
              <span className={classes.marker} aria-hidden="true" />
            </summary>
            <div className={classes.answer}>
              <p {...lang('items', index, 'answer')}>{item.answer}</p>
            </div>
          </details>
        ))}
      </div>
    </Section>
  );
}
