import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useRef } from 'react';
import type { SyntaxProblem } from '../schema-form/store.ts';

/** Offset of the start of `line` (from 1) in `text`. */
function lineStart(text: string, line: number): number {
  let offset = 0;
  for (let current = 1; current < line; current++) {
    const next = text.indexOf('\n', offset);
    if (next < 0) return text.length;
    offset = next + 1;
  }
  return offset;
}

/**
 * A file the form cannot show (its YAML does not parse) opens as text: the author fixes it here,
 * with undo and the validator's message above, and the form comes back as soon as the text parses.
 * Nothing is rewritten for them.
 */
export function YamlTextEditor({
  file,
  text,
  problem,
  onChange,
}: {
  file: string;
  text: string;
  problem: SyntaxProblem;
  onChange: (text: string) => void;
}) {
  const area = useRef<HTMLTextAreaElement>(null);
  const goToProblem = () => {
    const element = area.current;
    if (!element) return;
    const start = Math.min(lineStart(text, problem.line) + problem.col - 1, text.length);
    const end = text.indexOf('\n', start);
    element.focus();
    element.setSelectionRange(start, end < 0 ? text.length : end);
    // Scroll the selected line into view: browsers scroll a textarea to its caret only while
    // typing.
    const lineHeight = parseFloat(getComputedStyle(element).lineHeight) || 20;
    element.scrollTop = Math.max(0, (problem.line - 3) * lineHeight);
  };
  return (
    <Stack gap="sm" data-testid="yaml-text-editor">
      <Alert color="red" title="This file is not valid YAML, so the form cannot show it">
        <Text size="sm">
          YAML stopped reading at line {problem.line}, column {problem.col}. Fix the text below: the
          list of problems above says what is wrong and how to fix it. The form comes back as soon
          as the file reads as YAML, and Undo works here too.
        </Text>
        <Group mt="xs">
          <Button size="xs" variant="white" color="red" onClick={goToProblem}>
            Go to line {problem.line}
          </Button>
        </Group>
      </Alert>
      <Textarea
        ref={area}
        label={`YAML text of ${file}`}
        value={text}
        onChange={(event) => onChange(event.currentTarget.value)}
        autosize
        minRows={12}
        spellCheck={false}
        autoCapitalize="off"
        autoCorrect="off"
        styles={{
          input: {
            fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
            fontSize: 13,
            lineHeight: 1.5,
            whiteSpace: 'pre',
            overflowX: 'auto',
          },
        }}
      />
    </Stack>
  );
}
