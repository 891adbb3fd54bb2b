import { Anchor } from '@mantine/core';

/** The link to a change set's review page on the git host, opened in a new tab. */
export function ReviewLink({ href }: { href: string }) {
  return (
    <Anchor underline="always" href={href} target="_blank" rel="noreferrer" size="sm">
      Open the review page
    </Anchor>
  );
}
