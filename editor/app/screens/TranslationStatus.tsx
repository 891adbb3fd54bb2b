import { Anchor, Group, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import type { PageTranslation } from '../../shared/api.ts';
import { ApiFailure, type Api } from '../api.ts';
import { go, hrefFor } from '../route.ts';
import { useToast } from '../toasts.tsx';
import { Tag } from './ProblemBadge.tsx';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** What a translation's tag says, and its tone. */
function describe(t: PageTranslation): { text: string; tone: 'green' | 'orange' | 'red' | 'gray' } {
  switch (t.state) {
    case 'translated':
      return { text: 'translated', tone: 'green' };
    case 'stale':
      return { text: `${plural(t.stale, 'field')} out of date`, tone: 'orange' };
    case 'partial':
      return { text: `${plural(t.partial, 'block')} not translated`, tone: 'orange' };
    case 'problems':
      return { text: 'has errors', tone: 'red' };
    default:
      return { text: 'not translated', tone: 'gray' };
  }
}

/**
 * A page's state in each other language of the site, under its route in the page list: a link to
 * each translation, and for a language without one, "Translate", which starts it from this page (as
 * `npm run new-page -- --translate`) and opens it.
 */
export function TranslationStatus({
  api,
  route,
  translations,
}: {
  api: Api;
  route: string;
  translations: PageTranslation[];
}) {
  const toast = useToast();
  const [busy, setBusy] = useState<string | null>(null);
  const create = async (t: PageTranslation) => {
    setBusy(t.code);
    try {
      const created = await api.createTranslation({ code: t.code, route });
      go({ name: 'edit', file: created.path });
    } catch (failure) {
      toast({
        color: 'red',
        title: `Could not start the ${t.label} translation`,
        message: failure instanceof ApiFailure ? failure.message : String(failure),
      });
    } finally {
      setBusy(null);
    }
  };
  return (
    <Group gap={6} mt={4} data-testid="translation-status">
      {translations.map((t) => {
        const { text, tone } = describe(t);
        const label = `${t.code.toUpperCase()}: ${text}`;
        return t.file ? (
          <Anchor
            key={t.code}
            href={hrefFor({ name: 'edit', file: t.file })}
            // Named by what it shows first (WCAG 2.5.3, Label in Name), then the language's name.
            aria-label={`${label} (${t.label} translation)`}
            data-translation={t.code}
            data-state={t.state}
          >
            <Tag tone={tone}>{label}</Tag>
          </Anchor>
        ) : (
          <UnstyledButton
            key={t.code}
            onClick={() => void create(t)}
            disabled={busy !== null}
            aria-label={`${t.code.toUpperCase()}: Translate (start the ${t.label} translation from this page)`}
            data-translation={t.code}
            data-state={t.state}
          >
            <Tag tone={tone}>
              {busy === t.code
                ? `${t.code.toUpperCase()}: creating…`
                : `${t.code.toUpperCase()}: Translate`}
            </Tag>
          </UnstyledButton>
        );
      })}
    </Group>
  );
}
