import { Button, Popover, Stack, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { translationEditorWords as words } from '../../../engine/errors.ts';
import type { PageLanguagesResponse } from '../../shared/api.ts';
import { ApiFailure, type Api } from '../api.ts';
import { go, hrefFor } from '../route.ts';
import { Tag } from '../screens/ProblemBadge.tsx';
import { useToast } from '../toasts.tsx';
import { UiIcon } from '../ui-icons.tsx';

type Language = PageLanguagesResponse['languages'][number];

const tones = {
  source: 'brand',
  translated: 'green',
  stale: 'orange',
  partial: 'orange',
  problems: 'red',
  untranslated: 'gray',
} as const;

/**
 * The page editor's language switch: this page in each language of the site (by the language's own
 * name, with its state), opening that language's file; for a language without one, "Create the …
 * translation" starts it from the source page (POST /api/translations, as `npm run new-page --
 * --translate`).
 */
export function LanguageSwitch({ api, languages }: { api: Api; languages: PageLanguagesResponse }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [opened, setOpened] = useState(false);
  const current = languages.languages.find((l) => l.code === languages.code);
  if (!current || !languages.sourceRoute) return null;
  const create = async (language: Language) => {
    setBusy(true);
    try {
      const created = await api.createTranslation({
        code: language.code,
        route: languages.sourceRoute!,
      });
      go({ name: 'edit', file: created.path });
    } catch (failure) {
      toast({
        color: 'red',
        title: words.createFailed(language.label),
        message: failure instanceof ApiFailure ? failure.message : String(failure),
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Popover position="bottom-end" withinPortal shadow="md" opened={opened} onChange={setOpened}>
      <Popover.Target>
        <Button
          variant="default"
          loading={busy}
          onClick={() => setOpened((open) => !open)}
          aria-expanded={opened}
          aria-label={words.switchLabel(current.label)}
          leftSection={<UiIcon name="globe" size={16} />}
          data-testid="language-switch"
        >
          <span lang={current.code} dir={current.dir}>
            {current.label}
          </span>
        </Button>
      </Popover.Target>
      <Popover.Dropdown p={4} data-testid="language-menu">
        <Stack component="ul" gap={2} m={0} p={0} style={{ listStyle: 'none' }}>
          {languages.languages.map((language) => (
            <li key={language.code}>
              {language.file ? (
                <UnstyledButton
                  component="a"
                  href={hrefFor({ name: 'edit', file: language.file })}
                  onClick={() => setOpened(false)}
                  aria-current={language.code === current.code ? 'page' : undefined}
                  className="language-option"
                  data-language={language.code}
                >
                  <span lang={language.code} dir={language.dir}>
                    {language.label}
                  </span>
                  <Tag tone={tones[language.state]}>{words.states[language.state]}</Tag>
                </UnstyledButton>
              ) : (
                <UnstyledButton
                  onClick={() => {
                    setOpened(false);
                    void create(language);
                  }}
                  className="language-option"
                  data-language={language.code}
                >
                  <UiIcon name="plus" size={14} />
                  <span>{words.create(language.label)}</span>
                </UnstyledButton>
              )}
            </li>
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
