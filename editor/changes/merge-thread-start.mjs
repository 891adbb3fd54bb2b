// The merge thread's first module (editor/changes/merge-thread.ts): compiles the merge code to
// JavaScript (pipeline/compiled-module.mjs; cached in .cache/compiled/) here, on the thread, so
// that the editor's own thread never waits for the compiler, then runs it. Messages sent meanwhile
// wait in the thread's port until the merge code listens.
import { pathToFileURL } from 'node:url';
import { workerData } from 'node:worker_threads';
import { compiledModule } from '../../pipeline/compiled-module.mjs';

await import(pathToFileURL(compiledModule(workerData.root, workerData.entry)).href);
