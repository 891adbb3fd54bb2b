import { existsSync, lstatSync, readdirSync, readFileSync, watch, type FSWatcher } from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import type { EditorEvent } from '../shared/api.ts';
import { versionOf } from './files.ts';

/** A folder that is not a symbolic link (links out of the project are not followed). */
function isRealFolder(absolute: string): boolean {
  try {
    return lstatSync(absolute).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Watches pages/, site.config.yaml and public/ and tells every open editor when a file changes on
 * disk (another editor, a `git pull`), as Server-Sent Events. Events for one file are debounced
 * (editors write in bursts) and sent only when the content really changed.
 */
export class FileEvents {
  private clients = new Set<ServerResponse>();
  private watchers: FSWatcher[] = [];
  private timers = new Map<string, NodeJS.Timeout>();
  private versions = new Map<string, string | null>();
  private watched = new Set<string>();
  private heartbeat: NodeJS.Timeout;

  constructor(
    private readonly root: string,
    private readonly onChange: (file: string, text: string | undefined) => void,
  ) {
    for (const folder of ['pages', 'public']) this.watchFolder(folder);
    // The config is watched through the project folder: editors and git replace the file, which
    // ends a file watch.
    this.watchers.push(
      watch(
        root,
        (_event, name) => name === 'site.config.yaml' && this.changed('site.config.yaml'),
      ),
    );
    this.heartbeat = setInterval(
      () => this.clients.forEach((res) => res.write(': keep-alive\n\n')),
      25_000,
    );
    this.heartbeat.unref();
  }

  /**
   * One watcher per folder, not a recursive one: Node's recursive watch on Linux loses a file that
   * is replaced by a rename (what editors, git and this editor's own atomic saves do); a folder's
   * watch never does.
   */
  private watchFolder(folder: string) {
    const dir = path.join(this.root, folder);
    if (this.watched.has(folder) || !existsSync(dir)) return;
    this.watched.add(folder);
    try {
      const watcher = watch(dir, (_event, name) => {
        if (!name) return;
        const file = `${folder}/${String(name)}`;
        if (isRealFolder(path.join(this.root, file))) this.watchFolder(file);
        else this.changed(file);
      });
      watcher.on('error', () => this.watched.delete(folder));
      this.watchers.push(watcher);
    } catch {
      this.watched.delete(folder);
      return;
    }
    for (const entry of readdirSync(dir, { withFileTypes: true }))
      if (entry.isDirectory()) this.watchFolder(`${folder}/${entry.name}`);
  }

  private changed(file: string) {
    if (file.endsWith('.editor-tmp')) return;
    clearTimeout(this.timers.get(file));
    this.timers.set(
      file,
      setTimeout(() => {
        this.timers.delete(file);
        let text: string | undefined;
        try {
          text = readFileSync(path.join(this.root, file), 'utf8');
        } catch {
          text = undefined;
        }
        const version = text === undefined ? null : versionOf(text);
        if (this.versions.has(file) && this.versions.get(file) === version) return;
        this.versions.set(file, version);
        this.onChange(file, text);
        this.send({ type: 'file-changed', path: file, version });
      }, 40),
    );
  }

  subscribe(res: ServerResponse) {
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-content-type-options': 'nosniff',
    });
    res.write(`data: ${JSON.stringify({ type: 'hello' } satisfies EditorEvent)}\n\n`);
    this.clients.add(res);
    res.on('close', () => this.clients.delete(res));
  }

  private send(event: EditorEvent) {
    const line = `data: ${JSON.stringify(event)}\n\n`;
    for (const res of this.clients) res.write(line);
  }

  close() {
    clearInterval(this.heartbeat);
    this.timers.forEach((timer) => clearTimeout(timer));
    this.watchers.forEach((watcher) => watcher.close());
    this.clients.forEach((res) => res.end());
  }
}
