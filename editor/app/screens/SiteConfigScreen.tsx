import { Alert, Box, Group, Loader, Stack, Tabs } from '@mantine/core';
import { useMemo, useState } from 'react';
import { z } from 'zod';
import { siteConfigSchema } from '../../../schema/site-config.ts';
import type { FieldPath, SiteResponse } from '../../shared/api.ts';
import type { Api } from '../api.ts';
import { revealField } from '../editing/reveal.ts';
import { useEditableFile } from '../editing/useEditableFile.ts';
import { useShortcuts } from '../editing/useShortcuts.ts';
import { FormContext, problemsUnder, type FormContextValue } from '../schema-form/context.tsx';
import { useAllDiagnostics, useSyntaxError } from '../schema-form/store.ts';
import { Field } from '../schema-form/Field.tsx';
import { fieldKind } from '../schema-form/inspect.ts';
import { humanize, unwrap } from '../../shared/schema-fields.ts';
import { FileDialogs } from './FileDialogs.tsx';
import { FileToolbar } from './FileToolbar.tsx';
import { ProblemBadge } from './ProblemBadge.tsx';
import { ProblemsPanel } from './ProblemsPanel.tsx';
import { YamlTextEditor } from './YamlTextEditor.tsx';

const CONFIG = 'site.config.yaml';

/**
 * Tabs from the schema: one per section (object or list) of the config, the plain fields together
 * under "General".
 */
function configTabs(schema: z.ZodObject): Array<{ value: string; label: string; keys: string[] }> {
  const keys = Object.keys(schema.shape);
  const isSection = (key: string) =>
    ['object', 'list'].includes(fieldKind(unwrap(schema.shape[key] as z.ZodType).schema).kind) &&
    key !== 'logo';
  return [
    { value: 'general', label: 'General', keys: keys.filter((key) => !isSection(key)) },
    ...keys
      .filter(isSection)
      .map((key) => ({ value: key, label: TAB_LABELS[key] ?? humanize(key), keys: [key] })),
  ];
}

/** Tabs whose section's name is too long for one row of tabs at 1024 px (its panel says it all). */
const TAB_LABELS: Partial<Record<string, string>> = { seo: 'Search & social' };

export function SiteConfigScreen({ api, site }: { api: Api; site?: SiteResponse }) {
  const doc = useEditableFile(api, CONFIG);
  const [tab, setTab] = useState<string>('general');
  useShortcuts({ undo: doc.undo, redo: doc.redo, save: () => void doc.save() });
  const diagnostics = useAllDiagnostics(doc.store);
  const syntaxError = useSyntaxError(doc.store);
  const tabs = useMemo(() => configTabs(siteConfigSchema), []);
  const form: FormContextValue = useMemo(
    () => ({ store: doc.store, edit: doc.edit, site, uploadImage: api.uploadImage }),
    [doc.store, doc.edit, site, api],
  );
  const keyOrder = Object.keys(siteConfigSchema.shape);
  const reveal = (path: FieldPath) => {
    const owner = tabs.find((t) => t.keys.includes(String(path[0])));
    if (owner) setTab(owner.value);
    revealField(path);
  };

  if (doc.loadError)
    return (
      <Alert m="xl" color="red" title="The site settings could not be opened">
        {doc.loadError}
      </Alert>
    );
  if (doc.loading || doc.text === null) {
    return (
      <Group justify="center" p="xl">
        <Loader role="status" aria-label="Opening the site settings" />
      </Group>
    );
  }
  return (
    <FormContext.Provider value={form}>
      <Box style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
        <FileToolbar
          file={doc}
          path={CONFIG}
          errors={diagnostics.filter((d) => d.severity === 'error').length}
          title="Site settings"
          subtitle="Shown on every page"
        />
        <Box style={{ flex: 1, minHeight: 0, overflowY: 'auto' }}>
          <Stack maw={860} mx="auto" p="md" gap="md">
            <ProblemsPanel
              diagnostics={diagnostics}
              onReveal={reveal}
              fieldLabel={(path) =>
                path
                  .map((key) => (typeof key === 'number' ? String(key + 1) : humanize(key)))
                  .join(' › ')
              }
            />
            {syntaxError && doc.text !== null ? (
              <YamlTextEditor
                file={CONFIG}
                text={doc.text}
                problem={syntaxError}
                onChange={doc.editText}
              />
            ) : (
              <Tabs
                value={tab}
                onChange={(value) => value && setTab(value)}
                keepMounted={false}
                variant="outline"
                radius="md"
              >
                <Tabs.List>
                  {tabs.map((t) => {
                    const problems = t.keys.reduce(
                      (sum, key) => {
                        const p = problemsUnder(diagnostics, [key]);
                        return {
                          errors: sum.errors + p.errors,
                          warnings: sum.warnings + p.warnings,
                        };
                      },
                      { errors: 0, warnings: 0 },
                    );
                    return (
                      <Tabs.Tab
                        key={t.value}
                        value={t.value}
                        px="sm"
                        fz="sm"
                        // An empty section would still take its room: one row of tabs at 1024 px.
                        {...(problems.errors || problems.warnings
                          ? { rightSection: <ProblemBadge {...problems} quiet /> }
                          : {})}
                      >
                        {t.label}
                      </Tabs.Tab>
                    );
                  })}
                </Tabs.List>
                {tabs.map((t) => (
                  <Tabs.Panel key={t.value} value={t.value} pt="md">
                    <Stack
                      gap="sm"
                      p="md"
                      bg="white"
                      style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}
                    >
                      {t.keys.map((key) => {
                        const schema = siteConfigSchema.shape[
                          key as keyof typeof siteConfigSchema.shape
                        ] as z.ZodType;
                        const inner = unwrap(schema).schema;
                        // A section's own fields straight in its tab (the tab already names it).
                        if (t.value !== 'general' && inner instanceof z.ZodObject) {
                          return (
                            <Stack key={key} gap="sm">
                              {Object.keys(inner.shape).map((sub) => (
                                <Field
                                  key={sub}
                                  schema={inner.shape[sub] as z.ZodType}
                                  path={[key, sub]}
                                  keyOrder={Object.keys(inner.shape)}
                                />
                              ))}
                            </Stack>
                          );
                        }
                        return <Field key={key} schema={schema} path={[key]} keyOrder={keyOrder} />;
                      })}
                    </Stack>
                  </Tabs.Panel>
                ))}
              </Tabs>
            )}
          </Stack>
        </Box>
      </Box>
      <FileDialogs doc={doc} />
    </FormContext.Provider>
  );
}
