import '@mantine/core/styles/Container.css';
// Not UnstyledButton.css: loaded after Button.css (the order differs per page) it resets the button
// background.
import '@mantine/core/styles/Button.css';
import { Button } from '@mantine/core';
import { Icon } from '../../ui/Icon.tsx';
import { Section } from '../../ui/Section.tsx';
import { langOf } from '../../ui/source-language.ts';
import type { BlockProps } from '../types.ts';
import classes from './CtaBand.module.css';
import { defaultCtaAction } from './defaults.ts';

/**
 * The closing call to action: a full-width band with a heading, a sentence and one button.
 * Tone: default = brand blue, dark = the dark surface, muted = soft grey with a blue button.
 * Without `action`, the button is "Book a Demo" → /book-demo.
 */
export function CtaBand({ block, sourceTexts }: BlockProps<'ctaBand'>) {
  const lang = langOf(sourceTexts);
  const action = block.action ?? defaultCtaAction;
  const tone = block.tone ?? 'default';
  const onColour = tone !== 'muted';
  const secondary = 'variant' in action && action.variant === 'secondary';
  const variant = onColour ? (secondary ? 'outline' : 'white') : secondary ? 'outline' : 'filled';
  return (
    <Section
      block={block}
      intro={block.body}
      langOf={lang}
      introField="body"
      centered
      size="md"
      className={[classes.band, classes[tone]].join(' ')}
    >
      <div className={classes.actions}>
        <Button
          component="a"
          href={action.href}
          size="lg"
          radius="md"
          variant={variant}
          color={onColour && secondary ? 'white' : 'brand'}
          rightSection={<Icon name="linkArrow" size={18} />}
          className={classes.button}
          {...lang('action', 'label')}
        >
          {action.label}
        </Button>
      </div>
    </Section>
  );
}
