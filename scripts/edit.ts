/**
 * npm run edit [-- --port 4321] [--host 127.0.0.1] [--root <dir>]
 *
 * Starts the page editor (editor/server/) and prints its URL, which holds this session's token. It
 * listens on 127.0.0.1 unless --host says otherwise.
 */
import path from 'node:path';
import { numberOption, readCommandLine, type CommandSpec } from '../engine/command-line.ts';
import { editorMessages } from '../engine/errors.ts';
import { appFromSource, editorApp } from '../editor/server/app-bundle.ts';
import { startEditorServer } from '../editor/server/server.ts';

const EDIT_COMMAND = {
  usage: 'npm run edit --',
  summary: "Starts the page editor and prints its address, which holds this session's token.",
  options: {
    port: { type: 'string', value: '<port>', help: 'the port (default: 4321)' },
    host: {
      type: 'string',
      value: '<address>',
      help: 'listen on this address instead of 127.0.0.1 (and answer only to it)',
    },
    root: { type: 'string', value: '<dir>', help: 'the project folder (default: this one)' },
  },
} as const satisfies CommandSpec;
const { values } = readCommandLine(EDIT_COMMAND);

// The app is built before the address is printed: the first page loads at once.
if (!appFromSource()) await editorApp();
const server = await startEditorServer({
  root: path.resolve(values.root ?? process.cwd()),
  host: values.host ?? '127.0.0.1',
  port: numberOption(EDIT_COMMAND, 'port', values.port, 4321),
});
console.log(editorMessages.started(server.url));

const stop = () => {
  // An open tab can keep a connection alive through the close; nothing unsaved is held on this side
  // (every save is written when it is made), so the editor exits at the latest two seconds after
  // Ctrl+C.
  setTimeout(() => process.exit(0), 2000).unref();
  void server.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
