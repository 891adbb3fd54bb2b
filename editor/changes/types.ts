/** A path inside a YAML document, as editor/document uses it: keys and list indexes. */
export type YamlPath = Array<string | number>;

/** One change inside a file, in the author's words. */
export interface Change {
  /** Where it is in the changed version (in the published version for something removed). */
  path: YamlPath;
  /**
   * The block it is in or is about (index in the changed version; in the published one when
   * removed).
   */
  blockIndex?: number;
  /** `Hero › Title: 'A' → 'B'`, `FAQ block added after Steps (3 questions)`. */
  text: string;
}

export interface FileChange {
  file: string;
  /** `/solutions/hotels` for a page file. */
  route?: string;
  kind: 'page' | 'config' | 'public';
  status: 'added' | 'removed' | 'changed';
  /** One line for the whole file: `Page /pricing: Hero › Title, FAQ block added`. */
  summary: string;
  changes: Change[];
}

export interface FileVersions {
  file: string;
  /** The published (or common ancestor's) text; absent when the file is new. */
  before?: string;
  /** The changed text; absent when the file was deleted. */
  after?: string;
  /** Sizes of a file in public/ (its text is not read). */
  beforeBytes?: number;
  afterBytes?: number;
  /**
   * A version is over the page limit or not UTF-8: its text is not read, the change is described
   * by its sizes.
   */
  unreadable?: 'too-large' | 'not-utf8';
}

/** Two versions of a file that changed the same thing differently. */
export interface Conflict {
  /** Stable across runs of the same merge: the key for `resolveConflicts`. */
  id: string;
  /** Where it is in the merged text (ours' place); `[]` for the whole file. */
  path: YamlPath;
  /** `Hero › Title`, in the editor's field labels. */
  label: string;
  /**
   * The value in the common ancestor, ours and theirs; undefined = not there (deleted or never
   * added).
   */
  base?: unknown;
  ours?: unknown;
  theirs?: unknown;
}

export interface MergeInput {
  file: string;
  base: string;
  ours: string;
  theirs: string;
}

export interface MergeResult {
  /** Always valid YAML: ours at every conflict until it is resolved. */
  text: string;
  conflicts: Conflict[];
}

export type ConflictChoice = { pick: 'ours' } | { pick: 'theirs' } | { value: unknown };
