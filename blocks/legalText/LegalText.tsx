import { Section } from '../../ui/Section.tsx';
import { langOf } from '../../ui/source-language.ts';
import { TextIn } from '../../ui/TextIn.tsx';
import type { BlockProps } from '../types.ts';
import { fillWords, wordsOf } from '../words.ts';
import { shownDate } from '../dates.ts';
import classes from './LegalText.module.css';

/** `Governing law` → `governing-law`, so each section can be linked to. */
export const slugify = (heading: string) =>
  heading
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^\p{Letter}\p{Number}]+/gu, '-')
    .replace(/^-+|-+$/g, '');

/**
 * Legal text (terms, policies) in numbered sections at a readable measure. The page's h1 comes from
 * the hero above, so sections start at h2. Long texts get a list of contents linking to each
 * section.
 */
export function LegalText({ block, context, sourceTexts }: BlockProps<'legalText'>) {
  const words = wordsOf(context);
  const lang = langOf(sourceTexts);
  const prefix = block.id ? `${block.id}-` : '';
  const { updated } = block;
  // A date written as 2024-01-31 reads in the page's language; any other text as written.
  const date = updated === undefined ? undefined : shownDate(updated, context);
  const sections = block.sections.map((section, index) => ({
    ...section,
    number: index + 1,
    anchor: `${prefix}${index + 1}-${slugify(section.heading) || 'section'}`,
  }));
  return (
    <Section block={block} langOf={lang} size="md">
      <div className={[classes.body, block.tone === 'dark' ? classes.onDark : ''].join(' ')}>
        {updated !== undefined && (
          <p className={classes.updated}>
            {fillWords(words.lastUpdated, {
              date: date ? (
                <time className={classes.date} dateTime={date.iso}>
                  {date.shown}
                </time>
              ) : (
                <span className={classes.date} {...lang('updated')}>
                  {updated}
                </span>
              ),
            })}
          </p>
        )}
        {sections.length >= 4 && (
          <nav className={classes.contents} aria-label={words.contents}>
            <p className={classes.contentsHeading} aria-hidden="true">
              {words.contents}
            </p>
            <ol className={classes.contentsList}>
              {sections.map((section, index) => (
                <li key={section.anchor}>
                  <a href={`#${section.anchor}`} {...lang.text('sections', index, 'heading')}>
                    {section.heading}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
        )}
        {sections.map((section, sectionIndex) => (
          <div key={section.anchor} className={classes.part} {...lang('sections', sectionIndex)}>
            <h2 id={section.anchor} className={classes.heading}>
              <span className={classes.number}>{section.number}.</span>{' '}
              <TextIn lang={lang('sections', sectionIndex, 'heading')}>{section.heading}</TextIn>
            </h2>
            {section.paragraphs.map((paragraph, index) => (
              <p
                key={index}
                className={classes.paragraph}
                {...lang('sections', sectionIndex, 'paragraphs', index)}
              >
                {paragraph}
              </p>
            ))}
          </div>
        ))}
      </div>
    </Section>
  );
}
