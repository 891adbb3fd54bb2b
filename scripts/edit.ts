/**
 * npm run edit [-- --port 4321] [--host 127.0.0.1] [--root <dir>]
 *
 * Starts the page editor (editor/server/) and prints its URL, which holds this session's token. It listens on
 * 127.0.0.1 unless --host says otherwise.
 */
import path from 'node:path';
import { editorMessages } from '../engine/errors.ts';
import { startEditorServer } from '../editor/server/server.ts';

function option(name: string): string | undefined {
  const args = process.argv.slice(2);
  const at = args.findIndex((arg) => arg === name || arg.startsWith(`${name}=`));
  if (at < 0) return undefined;
  return args[at]!.includes('=') ? args[at]!.slice(name.length + 1) : args[at + 1];
}

// The preview renders React on every keystroke: React's production build renders a page 3-5× faster than its
// development build. Set NODE_ENV=development to work on the editor itself.
process.env.NODE_ENV ??= 'production';

const server = await startEditorServer({
  root: path.resolve(option('--root') ?? process.cwd()),
  host: option('--host') ?? '127.0.0.1',
  port: Number(option('--port') ?? 4321),
});
console.log(editorMessages.started(server.url));

const stop = () => {
  // An open tab can keep a connection alive through the close; nothing unsaved is held on this side (every save is
  // written when it is made), so the editor exits at the latest two seconds after Ctrl+C.
  setTimeout(() => process.exit(0), 2000).unref();
  void server.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
