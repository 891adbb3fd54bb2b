import type { CSSProperties, ReactNode } from 'react';
import type { IconName } from '../../schema/primitives.ts';
import { Icon } from '../../ui/Icon.tsx';
import { Section } from '../../ui/Section.tsx';
import { langOf } from '../../ui/source-language.ts';
import { telHref } from '../../ui/tel-href.ts';
import type { BlockProps } from '../types.ts';
import { fillWords, wordsOf } from '../words.ts';
import classes from './ContactDetails.module.css';

function Item({
  icon,
  label,
  index,
  children,
}: {
  icon: IconName;
  label: string;
  index: number;
  children: ReactNode;
}) {
  return (
    <li className={`${classes.card} fade-in`} style={{ '--stagger-index': index } as CSSProperties}>
      <span className={classes.icon}>
        <Icon name={icon} size={22} />
      </span>
      <div className={classes.text}>
        <h3 className={classes.label}>{label}</h3>
        <div className={classes.value}>{children}</div>
      </div>
    </li>
  );
}

/**
 * The company's email, phone, address and social profile, all from `contact` in site.config.yaml.
 */
export function ContactDetails({ block, context, sourceTexts }: BlockProps<'contactDetails'>) {
  const words = wordsOf(context);
  const { contact, legalName, name } = context.config;
  return (
    <Section block={block} langOf={langOf(sourceTexts)}>
      <ul className={classes.grid}>
        <Item icon="mail" label={words.contactEmail} index={0}>
          <a href={`mailto:${contact.email}`}>{contact.email}</a>
        </Item>
        <Item icon="phone" label={words.contactPhone} index={1}>
          <a href={telHref(contact.phone)}>{contact.phone}</a>
        </Item>
        <Item icon="building" label={words.contactOffice} index={2}>
          <address className={classes.address}>
            <span className={classes.company}>{legalName}</span>
            {contact.address}
          </address>
        </Item>
        <Item icon="users" label={words.contactSocial} index={3}>
          <a
            href={contact.social.href}
            target="_blank"
            rel="noopener noreferrer"
            className={classes.externalLink}
          >
            {fillWords(words.socialProfile, { name, network: contact.social.label })}{' '}
            <span className="visually-hidden">{words.opensInNewTab}</span>
            <Icon name="externalLink" size={14} className={classes.external} />
          </a>
        </Item>
      </ul>
    </Section>
  );
}
