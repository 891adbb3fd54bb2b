import {
  Alert,
  Anchor,
  Box,
  Button,
  Group,
  List,
  Loader,
  Modal,
  Paper,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import type {
  ChangesResponse,
  FileChange,
  FileConflictView,
  Identity,
  PublishProblem,
  PublishResponse,
  WaitingFileView,
} from '../../shared/publish-api.ts';
import type { ApiError } from '../../shared/api.ts';
import { ApiFailure, type Api } from '../api.ts';
import { failureText } from './failure.ts';
import { problemsInOrder } from './problem-order.ts';
import { ReviewLink } from './ReviewLink.tsx';
import { go, hrefFor, screenOfFile } from '../route.ts';
import { UnsavedEdits } from './UnsavedEdits.tsx';
import { Tag } from '../screens/ProblemBadge.tsx';
import { useToast } from '../toasts.tsx';
import { IdentityFields } from './IdentityFields.tsx';
import { LinesView } from './LinesView.tsx';
import { blocksOf, SideBySide } from './SideBySide.tsx';
import { DraftsInChangeSet, draftsIn } from './DraftsInChangeSet.tsx';
import { publishingChanged, useOnPublishingChange, usePublishStatus } from './status.ts';
import type { ReviewsResponse } from '../../shared/review-api.ts';
import { SendForReview } from '../reviews/SendForReview.tsx';

/** The code of the catalogue's publishMessages.unrelated (engine/errors.ts). */
const UNRELATED = 'publish-unrelated';

const STATUS_WORDS: Record<FileChange['status'], string> = {
  added: 'New',
  changed: 'Changed',
  removed: 'Removed',
};

const titleOf = (file: FileChange) =>
  file.kind === 'page'
    ? `Page ${file.route ?? file.file}`
    : file.kind === 'config'
      ? 'Site settings'
      : file.file.slice(file.file.lastIndexOf('/') + 1);

type Outcome =
  | { kind: 'done'; response: PublishResponse; hidden: string[] }
  | { kind: 'refused'; message: string; problems: ReturnType<typeof problemsInOrder> }
  | { kind: 'conflicts'; message: string; conflicts: FileConflictView[] }
  | { kind: 'error'; message: string };

/**
 * "Changes": every author file that differs from the published version, each change in words, and
 * the Publish button with a message prefilled from them.
 */
export function ChangesScreen({ api }: { api: Api }) {
  const { status, setStatus } = usePublishStatus(api);
  const [changes, setChanges] = useState<ChangesResponse | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  /** The author's own words; until they edit it, the message prefilled from the changes. */
  const [ownMessage, setOwnMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState<'publish' | 'latest' | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [discarding, setDiscarding] = useState<FileChange | null>(null);
  /** Get latest or Publish found the published version replaced by an unrelated one. */
  const [replaced, setReplaced] = useState<ApiError | null>(null);
  const [draftFiles, setDraftFiles] = useState<ReadonlySet<string>>(new Set());
  /** Team mode: review inside the editor (who may publish, the author's own requests). */
  const [reviews, setReviews] = useState<ReviewsResponse | null>(null);
  const toast = useToast();
  const noteReplaced = (failure: unknown) => {
    const error = failure instanceof ApiFailure ? failure.body.error : undefined;
    if (error?.code === UNRELATED) setReplaced(error);
    return error?.code === UNRELATED;
  };

  const load = useCallback(() => {
    if (api.csrf) api.reviews.list().then(setReviews, () => setReviews(null));
    api.pages().then(
      (response) =>
        setDraftFiles(new Set(response.pages.filter((p) => p.draft).map((p) => p.file))),
      () => {},
    );
    api.publishing.changes().then(
      (response) => {
        setChanges(response);
        setLoadError(null);
      },
      (failure: unknown) =>
        setLoadError(failure instanceof Error ? failure.message : String(failure)),
    );
  }, [api]);
  // Asked beside the status rather than after it (each takes a few git commands): where publishing
  // is not available its refusal is not shown, the status says why.
  useEffect(load, [load]);
  useOnPublishingChange(load);
  const message = ownMessage ?? changes?.message ?? '';

  const identity = status?.identity ?? null;
  const setIdentity = (saved: Identity) => status && setStatus({ ...status, identity: saved });

  const publish = async () => {
    if (!identity || !changes) return;
    setBusy('publish');
    setOutcome(null);
    try {
      const response = await api.publishing.publish(
        identity,
        message,
        changes.files.map((file) => file.file),
      );
      const hidden = draftsIn(changes.files, draftFiles).map((file) => file.route ?? file.file);
      setOutcome({ kind: 'done', response, hidden });
      if (response.status !== 'saved-locally') setOwnMessage(null);
    } catch (failure) {
      if (failure instanceof ApiFailure && Array.isArray(failure.body.problems))
        setOutcome({
          kind: 'refused',
          message: failure.message,
          problems: problemsInOrder(
            failure.body.problems as PublishProblem[],
            changes.files.map((file) => file.file),
          ),
        });
      else if (failure instanceof ApiFailure && Array.isArray(failure.body.conflicts))
        setOutcome({
          kind: 'conflicts',
          message: `${failure.message} ${failure.hint ?? ''}`,
          conflicts: failure.body.conflicts as FileConflictView[],
        });
      else if (!noteReplaced(failure))
        setOutcome({
          kind: 'error',
          message: failureText(failure),
        });
    } finally {
      setBusy(null);
      publishingChanged();
    }
  };

  const getLatest = async () => {
    if (!identity) return;
    setBusy('latest');
    try {
      const result = await api.publishing.latest(identity);
      toast({ message: result.message, color: result.conflicts.length ? 'orange' : 'green' });
      if (result.conflicts.length) go({ name: 'conflicts' });
    } catch (failure) {
      if (!noteReplaced(failure))
        toast({
          message: failureText(failure),
          color: 'red',
        });
    } finally {
      setBusy(null);
      publishingChanged();
    }
  };

  const discard = async (file: FileChange) => {
    setDiscarding(null);
    try {
      await api.publishing.discard(file.file);
      toast({ message: `${titleOf(file)} is back to its published version.`, color: 'green' });
    } catch (failure) {
      toast({ message: failureText(failure), color: 'red' });
    }
    publishingChanged();
  };

  // A name that is published already waits, as published (listed below); only the author's own
  // new files are theirs to rename.
  const waitingNames = new Set(changes?.waiting?.map((file) => file.file));
  const ownUnsafe = changes?.unsafe.filter((file) => !waitingNames.has(file)) ?? [];
  const unrelated = changes?.unrelated ?? replaced;
  // Team mode: review inside the editor, unless the site sends change sets to review branches of
  // the remote (`publishing.mode: review`, for teams that review on GitHub).
  const inEditor = status?.mode === 'review' ? null : reviews;

  if (!status) return <Loader m="xl" role="status" aria-label="Loading" />;
  return (
    <Box p="lg" style={{ height: '100%', overflow: 'auto' }}>
      <Group justify="space-between" align="flex-start" mb="md" wrap="nowrap">
        <Box>
          <Title order={1} size="h2">
            Changes
          </Title>
          <Text c="gray.7" size="sm">
            Everything that differs from the published site
            {status.destination ? ` (${status.destination})` : ''}.
          </Text>
        </Box>
        {status.available && identity ? (
          <Button
            variant="default"
            onClick={() => void getLatest()}
            loading={busy === 'latest'}
            data-testid="get-latest"
          >
            Get latest
          </Button>
        ) : null}
      </Group>

      <UnsavedEdits />
      {!status.available ? (
        <Alert
          color="gray"
          title="Publishing is not available here"
          data-testid="publish-unavailable"
        >
          <Text size="sm">{status.reason?.message}</Text>
          <Text size="sm" mt={4}>
            {status.reason?.hint}
          </Text>
        </Alert>
      ) : (
        <Box
          style={{
            display: 'grid',
            gridTemplateColumns: 'minmax(0, 1fr) minmax(300px, 380px)',
            gap: 24,
            alignItems: 'start',
          }}
        >
          <Stack gap="sm" data-testid="changes-list">
            {status.conflicts ? (
              <Alert color="orange" title="A colleague changed the same thing as you">
                <Text size="sm">
                  Choose which version to keep before publishing.{' '}
                  <Anchor underline="always" href={hrefFor({ name: 'conflicts' })}>
                    Open the conflicts
                  </Anchor>
                </Text>
              </Alert>
            ) : null}
            {status.recovered ? (
              <Alert color="blue" title="Finished where the editor stopped" data-testid="recovered">
                <Text size="sm">{status.recovered}</Text>
              </Alert>
            ) : null}
            {unrelated ? (
              <Alert
                color="orange"
                title="The published site was replaced"
                data-testid="unrelated-history"
              >
                <Text size="sm">{unrelated.message}</Text>
                <Text size="sm" mt={4}>
                  {unrelated.hint}
                </Text>
                <Button component="a" href={hrefFor({ name: 'pages' })} size="compact-sm" mt="xs">
                  Back to the pages
                </Button>
              </Alert>
            ) : null}
            {loadError ? <Alert color="red">{loadError}</Alert> : null}
            {changes === null && !loadError ? (
              <Loader role="status" aria-label="Loading the changes" />
            ) : null}
            {changes && changes.files.length === 0 ? (
              <Paper withBorder p="lg" data-testid="no-changes">
                <Text fw={600}>Nothing saved to publish</Text>
                <Text size="sm" c="gray.7">
                  Every saved page is the same as the published version.
                </Text>
              </Paper>
            ) : null}
            {ownUnsafe.length ? (
              <Alert color="orange" title="Files that cannot be published">
                <Text size="sm">
                  These names could be mistaken for commands and are left out:{' '}
                  {ownUnsafe.join(', ')}. Rename them (letters, digits and dashes).
                </Text>
              </Alert>
            ) : null}
            {changes?.files.map((file) => (
              <ChangeCard
                key={file.file}
                api={api}
                file={file}
                {...(unrelated ? {} : { onDiscard: () => setDiscarding(file) })}
              />
            ))}
            {changes?.waiting?.length ? <WaitingFiles files={changes.waiting} /> : null}
          </Stack>
          {inEditor && (!inEditor.reviewer || inEditor.requireReview) ? (
            <SendForReview
              api={api}
              reviews={inEditor}
              message={message}
              onMessage={setOwnMessage}
              canSend={!!changes?.files.length && !status.conflicts && !unrelated}
              alone
              onSent={load}
            />
          ) : (
            <Stack gap="sm">
              <PublishPanel
                api={api}
                identity={identity}
                mode={status.mode}
                onIdentity={setIdentity}
                message={message}
                onMessage={setOwnMessage}
                canPublish={!!changes?.files.length && !status.conflicts && !unrelated}
                busy={busy === 'publish'}
                onPublish={() => void publish()}
                outcome={outcome}
                drafts={
                  <DraftsInChangeSet
                    api={api}
                    drafts={draftsIn(changes?.files ?? [], draftFiles)}
                    onChanged={load}
                  />
                }
              />
              {inEditor ? (
                <SendForReview
                  api={api}
                  reviews={inEditor}
                  message={message}
                  onMessage={setOwnMessage}
                  canSend={!!changes?.files.length && !status.conflicts && !unrelated}
                  alone={false}
                  onSent={load}
                />
              ) : null}
            </Stack>
          )}
        </Box>
      )}

      <Modal
        opened={discarding !== null}
        onClose={() => setDiscarding(null)}
        title="Discard your changes?"
        centered
      >
        {discarding ? (
          <Stack>
            <Text size="sm">
              {titleOf(discarding)} goes back to its published version
              {discarding.status === 'added' ? ' (it is removed: it was never published)' : ''}.
              Your changes to it are lost.
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setDiscarding(null)}>
                Keep my changes
              </Button>
              <Button
                color="red"
                onClick={() => void discard(discarding)}
                data-testid="discard-confirm"
              >
                Discard
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </Box>
  );
}

/**
 * Files the editor leaves as they are published: a colleague's link, a name it cannot open. Never
 * published or discarded from here.
 */
function WaitingFiles({ files }: { files: WaitingFileView[] }) {
  return (
    <Paper withBorder p="md" data-testid="waiting-files">
      <Text fw={650} component="h2" size="md" m={0}>
        Left as published
      </Text>
      <Text size="sm" c="gray.7">
        The editor does not change these files; publishing leaves them exactly as they are.
      </Text>
      <List size="sm" mt="xs" spacing={6}>
        {files.map((file) => (
          <List.Item key={file.file} data-testid="waiting-file" data-file={file.file}>
            <Group gap="xs">
              <Text size="sm" fw={600} span style={{ overflowWrap: 'anywhere' }}>
                {file.file}
              </Text>
              <Tag tone="gray">{file.label}</Tag>
            </Group>
            <Text size="xs" c="gray.8">
              {file.detail}
            </Text>
          </List.Item>
        ))}
      </List>
    </Paper>
  );
}

function ChangeCard({
  api,
  file,
  onDiscard,
}: {
  api: Api;
  file: FileChange;
  /** Absent: nothing is offered for discard (the published version was replaced). */
  onDiscard?: () => void;
}) {
  const [lines, setLines] = useState<{ before: string; after: string } | null>(null);
  const [showLines, setShowLines] = useState(false);
  const [unreadable, setUnreadable] = useState(false);
  const toggleLines = async () => {
    if (!showLines && !lines) {
      const diff = await api.publishing.diff(file.file);
      setUnreadable(diff.unreadable === true);
      setLines({ before: diff.published ?? '', after: diff.current ?? '' });
    }
    setShowLines(!showLines);
  };
  const isText = file.kind !== 'public';
  const [compare, setCompare] = useState(false);
  const comparable = file.kind === 'page' && file.status === 'changed' && file.route !== undefined;
  return (
    <Paper withBorder p="md" data-testid="change-card" data-file={file.file}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Box style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={650} component="h2" size="md" m={0}>
              {titleOf(file)}
            </Text>
            <Tag
              tone={file.status === 'added' ? 'green' : file.status === 'removed' ? 'red' : 'brand'}
            >
              {STATUS_WORDS[file.status]}
            </Tag>
          </Group>
        </Box>
        <Group gap={4} wrap="nowrap">
          {file.kind === 'page' && file.status !== 'removed' ? (
            <Button
              component="a"
              href={hrefFor(screenOfFile(file.file))}
              size="compact-sm"
              variant="subtle"
            >
              Open
            </Button>
          ) : null}
          {file.status !== 'added' ? (
            <Button
              component="a"
              href={hrefFor({ name: 'versions', file: file.file })}
              size="compact-sm"
              variant="subtle"
            >
              History
            </Button>
          ) : null}
          {onDiscard ? (
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              onClick={onDiscard}
              aria-label={`Discard the changes to ${titleOf(file)}`}
            >
              Discard
            </Button>
          ) : null}
        </Group>
      </Group>
      <List size="sm" mt="xs" spacing={2} data-testid="change-texts">
        {file.changes.map((change, i) => (
          <List.Item key={i}>{change.text}</List.Item>
        ))}
      </List>
      {isText ? (
        <Box mt="xs">
          <Button
            size="compact-xs"
            variant="subtle"
            color="gray"
            onClick={() => void toggleLines()}
            aria-expanded={showLines}
            data-testid="show-lines"
          >
            {showLines ? 'Hide the lines' : 'Show the lines'}
          </Button>
          {comparable ? (
            <Button
              size="compact-xs"
              variant="subtle"
              color="gray"
              onClick={() => setCompare(!compare)}
              aria-expanded={compare}
              data-testid="compare"
            >
              {compare ? 'Hide the previews' : 'Compare the previews'}
            </Button>
          ) : null}
          {showLines && lines && unreadable ? (
            <Text size="sm" c="gray.7" mt={4}>
              This file is too large or holds characters the editor cannot read, so its lines are
              not shown.
            </Text>
          ) : showLines && lines ? (
            <LinesView before={lines.before} after={lines.after} />
          ) : null}
          {compare && comparable ? (
            <Box mt="xs">
              <SideBySide
                token={api.token}
                file={file.file}
                route={file.route!}
                sides={[
                  { version: 'published', label: 'Published', marked: [] },
                  {
                    version: 'current',
                    label: 'With your changes',
                    marked: blocksOf(file.changes),
                  },
                ]}
              />
            </Box>
          ) : null}
        </Box>
      ) : null}
    </Paper>
  );
}

function PublishPanel(props: {
  api: Api;
  identity: Identity | null;
  mode: 'direct' | 'review';
  onIdentity: (identity: Identity) => void;
  message: string;
  onMessage: (text: string) => void;
  canPublish: boolean;
  busy: boolean;
  onPublish: () => void;
  outcome: Outcome | null;
  /** The drafts in the change set, each with its way to go live. */
  drafts: ReactNode;
}) {
  const { outcome } = props;
  return (
    <Paper withBorder p="md" style={{ position: 'sticky', top: 0 }} data-testid="publish-panel">
      <Stack gap="sm">
        <Text fw={650} component="h2" size="md" m={0}>
          {props.mode === 'review' ? 'Send for review' : 'Publish'}
        </Text>
        <Text size="sm" c="gray.7">
          {props.mode === 'review'
            ? 'Your changes go to a colleague for approval first; then they go live.'
            : 'Your changes go live with the next deploy. The site is checked first.'}
        </Text>
        {props.identity ? (
          <>
            <Textarea
              label="What changed"
              description="Prefilled from your changes; edit it if you like."
              value={props.message}
              onChange={(e) => props.onMessage(e.currentTarget.value)}
              autosize
              minRows={3}
              maxRows={10}
              data-testid="publish-message"
            />
            {props.drafts}
            <Text size="xs" c="gray.7">
              As {props.identity.name} ({props.identity.email})
            </Text>
            <Button
              onClick={props.onPublish}
              loading={props.busy}
              disabled={!props.canPublish || !props.message.trim()}
              data-testid="publish-button"
            >
              {props.mode === 'review' ? 'Send for review' : 'Publish'}
            </Button>
          </>
        ) : (
          <IdentityFields api={props.api} onSaved={props.onIdentity} />
        )}
        {outcome ? <OutcomeView outcome={outcome} /> : null}
      </Stack>
    </Paper>
  );
}

function OutcomeView({ outcome }: { outcome: Outcome }) {
  if (outcome.kind === 'done') {
    const { response } = outcome;
    if (response.status === 'saved-locally')
      return (
        <Alert color="orange" title="Not published yet" data-testid="publish-outcome" role="alert">
          <Text size="sm">{response.message}</Text>
          <Text size="sm" mt={4}>
            {response.hint}
          </Text>
        </Alert>
      );
    return (
      <Alert
        color="green"
        title={response.status === 'in-review' ? 'Sent for review' : 'Published'}
        data-testid="publish-outcome"
        role="status"
      >
        <Text size="sm">{response.message}</Text>
        {outcome.hidden.length ? (
          <Text size="sm" mt={4}>
            Still drafts, hidden from visitors: {outcome.hidden.join(', ')}.
          </Text>
        ) : null}
        {response.status === 'in-review' && response.reviewUrl ? (
          <ReviewLink href={response.reviewUrl} />
        ) : null}
      </Alert>
    );
  }
  if (outcome.kind === 'refused')
    return (
      <Alert color="red" title="Not published" data-testid="publish-outcome" role="alert">
        <Text size="sm">{outcome.message}</Text>
        <List size="sm" mt="xs" spacing={6} data-testid="publish-problems">
          {outcome.problems.map((problem, i) => (
            <List.Item key={i}>
              <Anchor
                underline="always"
                href={hrefFor(screenOfFile(problem.file, problem.path))}
                size="sm"
              >
                {problem.place ?? problem.file}
              </Anchor>{' '}
              {problem.elsewhere ? (
                <Text span size="sm" fw={600}>
                  (a page you did not change){' '}
                </Text>
              ) : null}
              {problem.message}
              {problem.hint ? (
                <Text size="xs" c="gray.8">
                  {problem.hint}
                </Text>
              ) : null}
            </List.Item>
          ))}
        </List>
      </Alert>
    );
  if (outcome.kind === 'conflicts')
    return (
      <Alert color="orange" title="Not published yet" data-testid="publish-outcome" role="alert">
        <Text size="sm">{outcome.message}</Text>
        <Anchor underline="always" href={hrefFor({ name: 'conflicts' })} size="sm">
          Open the conflicts
        </Anchor>
      </Alert>
    );
  return (
    <Alert color="red" title="Not published" data-testid="publish-outcome" role="alert">
      <Text size="sm">{outcome.message}</Text>
    </Alert>
  );
}
