export type Enhancer = [name: string, enhance: (doc: Document) => unknown];

/**
 * Runs each enhancer on the prerendered page; one that throws leaves its part as plain HTML and the
 * others still run.
 */
export function runEnhancers(doc: Document, enhancers: readonly Enhancer[]): void {
  for (const [name, enhance] of enhancers) {
    try {
      enhance(doc);
    } catch (error) {
      console.error(`Could not enhance the ${name}:`, error);
    }
  }
}
