/** The editor's unsaved texts, by file: what the preview renders instead of the file on disk. */
export class DraftStore {
  private drafts = new Map<string, { text: string; revision: number }>();
  private revisions = 0;

  set(file: string, text: string): number {
    const revision = ++this.revisions;
    this.drafts.set(file, { text, revision });
    return revision;
  }

  get(file: string): { text: string; revision: number } | undefined {
    return this.drafts.get(file);
  }

  /** Every unsaved text, by file. */
  texts(): Array<[file: string, text: string]> {
    return [...this.drafts].map(([file, draft]) => [file, draft.text]);
  }

  /** After a save (the disk has the text) or a delete. */
  drop(file: string): void {
    this.drafts.delete(file);
  }
}
