import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { useCallback, useState } from 'react';
import type { z } from 'zod';
import type { EditorDiagnostic, FieldPath, SiteResponse } from '../../shared/api.ts';
import { applyEdit } from '../editing/apply.ts';
import { FormContext, type EditOp } from './context.tsx';
import { ObjectFields } from './ObjectField.tsx';
import { FormStore } from './store.ts';
import { valueAt } from '../../document/data-ops.ts';

/**
 * For tests: the fields of `schema` as a form on real YAML text, every edit going through
 * editor/document as in the app. `result.text` is the file's text after the edits so far.
 */
export function mountForm(
  text: string,
  options: {
    schema: z.ZodType;
    exclude: string[];
    /** Where the schema's fields are in the text (a page's block: `['blocks', 0]`). */
    path?: FieldPath;
    site?: SiteResponse;
    diagnostics?: EditorDiagnostic[];
  },
) {
  const result = { text };
  const store = new FormStore();
  store.setText(text);
  if (options.diagnostics) store.setDiagnostics(options.diagnostics);
  const site: SiteResponse = options.site ?? { routes: [], images: [], icons: [] };
  function Harness() {
    const [, rerender] = useState(0);
    const edit = useCallback((op: EditOp) => {
      result.text = applyEdit(
        result.text,
        op,
        op.op === 'set' ? valueAt(store.getData(), op.path) : undefined,
      );
      store.setText(result.text);
      rerender((n) => n + 1);
    }, []);
    return (
      <MantineProvider>
        <FormContext.Provider value={{ store, edit, site }}>
          <ObjectFields
            schema={options.schema}
            path={options.path ?? []}
            exclude={options.exclude}
          />
        </FormContext.Provider>
      </MantineProvider>
    );
  }
  render(<Harness />);
  return { result, store };
}
