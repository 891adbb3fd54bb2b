import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Button.css';
import { Badge, Button } from '@mantine/core';
import { useId, type CSSProperties } from 'react';
import { Icon } from '../../ui/Icon.tsx';
import { Section } from '../../ui/Section.tsx';
import { langOf } from '../../ui/source-language.ts';
import type { BlockProps } from '../types.ts';
import { wordsOf } from '../words.ts';
import classes from './PricingTiers.module.css';

/**
 * Plan cards without prices (pricing is outcome-based): name, audience, included features and one
 * call to action.
 */
export function PricingTiers({ block, context, sourceTexts }: BlockProps<'pricingTiers'>) {
  const lang = langOf(sourceTexts).text;
  const idPrefix = useId();
  const words = wordsOf(context);
  return (
    <Section block={block} langOf={langOf(sourceTexts)} centered>
      <ul className={classes.grid}>
        {block.tiers.map((tier, index) => {
          const nameId = `${idPrefix}-tier-${index}`;
          const variant = tier.cta.variant ?? (tier.highlighted ? 'primary' : 'secondary');
          return (
            <li
              key={tier.name}
              className={[
                classes.card,
                tier.highlighted ? classes.highlighted : '',
                'fade-in',
              ].join(' ')}
              style={{ '--stagger-index': index } as CSSProperties}
              data-highlighted={tier.highlighted ? 'true' : undefined}
            >
              <div className={classes.top}>
                <h3 id={nameId} className={classes.name} {...lang('tiers', index, 'name')}>
                  {tier.name}
                </h3>
                {tier.highlighted && (
                  <Badge className={classes.badge} variant="filled" radius="xl" size="md">
                    {words.mostPopular}
                  </Badge>
                )}
              </div>
              <p className={classes.description} {...lang('tiers', index, 'description')}>
                {tier.description}
              </p>
              <p className={classes.includesLabel}>{words.whatsIncluded}</p>
              <ul className={classes.features}>
                {tier.features.map((feature, featureIndex) => (
                  <li
                    key={feature}
                    className={classes.feature}
                    {...lang('tiers', index, 'features', featureIndex)}
                  >
                    <span className={classes.check}>
                      <Icon name="check" size={14} />
                    </span>
                    <span>{feature}</span>
                  </li>
                ))}
              </ul>
              <Button
                component="a"
                href={tier.cta.href}
                className={classes.cta}
                variant={variant === 'primary' ? 'filled' : 'outline'}
                size="md"
                radius="md"
                fullWidth
                aria-describedby={nameId}
                {...lang('tiers', index, 'cta', 'label')}
              >
                {tier.cta.label}
              </Button>
            </li>
          );
        })}
      </ul>
      {block.link && (
        <p className={classes.more}>
          <a href={block.link.href} {...lang('link', 'label')}>
            {block.link.label} <span aria-hidden="true">→</span>
          </a>
        </p>
      )}
    </Section>
  );
}
