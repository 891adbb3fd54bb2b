import type { CSSProperties, ReactNode } from 'react';
import type { IconName } from '../../schema/primitives.ts';
import { Icon } from '../../ui/Icon.tsx';
import { Section } from '../../ui/Section.tsx';
import type { BlockProps } from '../types.ts';
import classes from './ContactDetails.module.css';

/** `+91 80 4718 2290` → `tel:+918047182290`. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

function Item({ icon, label, index, children }: { icon: IconName; label: string; index: number; children: ReactNode }) {
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

/** The company's email, phone, address and social profile, all from `contact` in site.config.yaml. */
export function ContactDetails({ block, context }: BlockProps<'contactDetails'>) {
  const { contact, legalName, name } = context.config;
  return (
    <Section id={block.id} tone={block.tone} heading={block.heading} intro={block.intro}>
      <ul className={classes.grid}>
        <Item icon="mail" label="Email" index={0}>
          <a href={`mailto:${contact.email}`}>{contact.email}</a>
        </Item>
        <Item icon="phone" label="Phone" index={1}>
          <a href={telHref(contact.phone)}>{contact.phone}</a>
        </Item>
        <Item icon="building" label="Office" index={2}>
          <address className={classes.address}>
            <span className={classes.company}>{legalName}</span>
            {contact.address}
          </address>
        </Item>
        <Item icon="users" label="Social" index={3}>
          <a href={contact.social.href} target="_blank" rel="noopener noreferrer" className={classes.externalLink}>
            {name} on {contact.social.label}{' '}
            <span className="visually-hidden">(opens in a new tab)</span>
            <svg className={classes.external} width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
              <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
            </svg>
          </a>
        </Item>
      </ul>
    </Section>
  );
}
