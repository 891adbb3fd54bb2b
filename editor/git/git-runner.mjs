// The process that starts the editor's git commands (editor/git/run.ts), with the arguments and
// options run.ts gives it. Starting a program copies the memory map of the process that starts
// it: from the editor's server, hundreds of megabytes, which held up every request it answered
// (and the thread that asked) for tens of milliseconds per command; from this small process, a
// few. It ends with the process that started it.
import { execGit } from './exec-git.mjs';

process.on('message', async ({ id, args, options, input }) => {
  process.send?.({ id, ...(await execGit(args, options, input)) });
});
process.on('disconnect', () => process.exit(0));
process.send?.('ready');
