import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { theme } from '../renderer/theme.ts';
import { Section } from './Section.tsx';

const html = (node: ReactNode) =>
  renderToStaticMarkup(<MantineProvider theme={theme}>{node}</MantineProvider>);
const sectionTag = (markup: string) => /<section[^>]*>/.exec(markup)![0];

describe('Section', () => {
  it("takes the block's id, tone, eyebrow, heading and intro, and is labelled by the heading", () => {
    const markup = html(
      <Section
        block={{
          id: 'plans',
          tone: 'muted',
          eyebrow: 'Pricing',
          heading: 'Plans',
          intro: 'Pick one.',
        }}
      >
        body
      </Section>,
    );
    const headingId = /<h2 id="([^"]+)"/.exec(markup)![1];
    expect(sectionTag(markup)).toBe(
      `<section id="plans" class="section muted" aria-labelledby="${headingId}">`,
    );
    expect(markup).toMatch(
      /<p class="eyebrow">Pricing<\/p><h2 id="[^"]+" class="heading">Plans<\/h2><p class="intro">Pick one\.<\/p><\/header>body/,
    );
  });

  it('takes the heading and intro from other fields when given, and an h1 for the page headline', () => {
    const markup = html(
      <Section block={{}} heading="Demo video" intro="Five minutes." level={1} />,
    );
    expect(markup).toMatch(
      /<h1 id="[^"]+" class="heading">Demo video<\/h1><p class="intro">Five minutes\.<\/p>/,
    );
    expect(sectionTag(markup)).toMatch(/^<section class="section default" aria-labelledby=/);
  });

  it('has no header and no label without a heading', () => {
    const markup = html(<Section block={{ tone: 'dark' }}>body</Section>);
    expect(sectionTag(markup)).toBe('<section class="section dark">');
    expect(markup).not.toContain('<header');
  });

  it('adds onDark on the dark tone only, after its own class name', () => {
    expect(sectionTag(html(<Section block={{ tone: 'dark' }} onDark="light-text" />))).toBe(
      '<section class="section dark light-text">',
    );
    expect(sectionTag(html(<Section block={{ tone: 'muted' }} onDark="light-text" />))).toBe(
      '<section class="section muted">',
    );
    expect(
      sectionTag(html(<Section block={{ tone: 'dark' }} className="root" onDark="light-text" />)),
    ).toBe('<section class="section dark root light-text">');
    expect(sectionTag(html(<Section block={{}} className="root" onDark="light-text" />))).toBe(
      '<section class="section default root ">',
    );
  });
});
