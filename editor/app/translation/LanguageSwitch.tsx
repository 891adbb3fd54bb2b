import { Button, Menu } from '@mantine/core';
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
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <Button
          variant="default"
          loading={busy}
          leftSection={<UiIcon name="globe" size={16} />}
          aria-label={words.switchLabel(current.label)}
          data-testid="language-switch"
        >
          <span lang={current.code} dir={current.dir}>
            {current.label}
          </span>
        </Button>
      </Menu.Target>
      <Menu.Dropdown data-testid="language-menu">
        {languages.languages.map((language) =>
          language.file ? (
            <Menu.Item
              key={language.code}
              component="a"
              href={hrefFor({ name: 'edit', file: language.file })}
              aria-current={language.code === current.code ? 'page' : undefined}
              data-language={language.code}
              rightSection={<Tag tone={tones[language.state]}>{words.states[language.state]}</Tag>}
            >
              <span lang={language.code} dir={language.dir}>
                {language.label}
              </span>
            </Menu.Item>
          ) : (
            <Menu.Item
              key={language.code}
              onClick={() => void create(language)}
              data-language={language.code}
              leftSection={<UiIcon name="plus" size={14} />}
            >
              {words.create(language.label)}
            </Menu.Item>
          ),
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
