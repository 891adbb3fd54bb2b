// The thread that publishes (editor/server/publish-thread.ts): the whole git operation and the
// site check it includes, away from the editor's requests. Jobs are answered by their id. Runs
// compiled to JavaScript (pipeline/compiled-module.mjs).
import { parentPort } from 'node:worker_threads';
import { ValidationCache } from '../../engine/validation-cache.ts';
import { publish } from '../git/publish.ts';
import { checkSiteForPublish } from './publish-check.ts';
import { sentError, type PublishJob, type PublishReply } from './publish-thread.ts';

// One cache for every copy checked here: the team editor's workspaces are copies of one site, most
// of whose files are the same in all of them.
const cache = ValidationCache.inMemory();

parentPort!.on('message', ({ id, root, state, request }: PublishJob) => {
  publish(root, state, { ...request, check: () => checkSiteForPublish(root, cache).problems })
    .then(
      (result): PublishReply => ({ id, result }),
      (error: unknown): PublishReply => ({ id, error: sentError(error) }),
    )
    .then((reply) => parentPort!.postMessage(reply));
});
