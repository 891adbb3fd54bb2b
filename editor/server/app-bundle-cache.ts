import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sha1 } from '../../engine/hash.ts';
import { writeWhole } from '../../engine/write-whole.ts';

/** A built app as kept on disk: the page, and each asset's bytes and type by path. */
export interface StoredApp {
  html: string;
  assets: Map<string, { body: Uint8Array; type: string }>;
}

interface Stored {
  /**
   * NODE_ENV when it was built: Vite and its React plugin build another app under another one (the
   * development JSX runtime under vitest's `test`), which the editor's own cannot run.
   */
  nodeEnv: string;
  /** The content hash of the lock file: another install of the packages is another app. */
  packages: string;
  /** The content hash of each source file the app was made from, by absolute path. */
  sources: Record<string, string>;
  html: string;
  assets: Array<{ path: string; type: string; base64: string }>;
}

const nodeEnv = () => process.env.NODE_ENV ?? '';

const hashOf = (file: string) => {
  try {
    return sha1(readFileSync(file));
  } catch {
    return 'missing';
  }
};

/**
 * The editor's built app kept in one file (`.cache/editor-app.json` of the code's folder), so that
 * an editor started again skips the build (about 5 s of CPU) while none of the app's source files,
 * no package and not NODE_ENV changed. Sources are compared by content, as the build's compiled
 * modules are. The file is replaced whole (engine/write-whole.ts): two editors starting at once
 * each read a complete app. A cache that cannot be read or written is no error: the app is
 * built.
 */
export class AppBundleCache {
  private readonly file: string;

  constructor(private readonly codeRoot: string) {
    this.file = path.join(codeRoot, '.cache', 'editor-app.json');
  }

  private packages() {
    return hashOf(path.join(this.codeRoot, 'package-lock.json'));
  }

  /**
   * The app kept for these sources and packages, with the sources it was made from; undefined when
   * there is none or it is outdated.
   */
  read(): { app: StoredApp; sources: string[] } | undefined {
    let stored: Stored;
    try {
      stored = JSON.parse(readFileSync(this.file, 'utf8')) as Stored;
    } catch {
      return undefined;
    }
    if (stored.nodeEnv !== nodeEnv() || stored.packages !== this.packages()) return undefined;
    for (const [file, hash] of Object.entries(stored.sources))
      if (hashOf(file) !== hash) return undefined;
    const assets: StoredApp['assets'] = new Map(
      stored.assets.map((asset) => [
        asset.path,
        { body: new Uint8Array(Buffer.from(asset.base64, 'base64')), type: asset.type },
      ]),
    );
    return { app: { html: stored.html, assets }, sources: Object.keys(stored.sources) };
  }

  /** Keeps `app`, made from `sources` (absolute paths). */
  write(app: StoredApp, sources: Iterable<string>) {
    const stored: Stored = {
      nodeEnv: nodeEnv(),
      packages: this.packages(),
      sources: Object.fromEntries([...sources].map((file) => [file, hashOf(file)])),
      html: app.html,
      assets: [...app.assets].map(([assetPath, { body, type }]) => ({
        path: assetPath,
        type,
        base64: Buffer.from(body).toString('base64'),
      })),
    };
    try {
      mkdirSync(path.dirname(this.file), { recursive: true });
      writeWhole(this.file, JSON.stringify(stored));
    } catch {
      // Not kept: the next editor builds the app again.
    }
  }
}
