// What a render worker imports besides the server bundle, compiled to one plain JavaScript module
// by pipeline/worker-module.ts.
export { pageFinisher } from './postbuild.ts';
export { pageRenderer } from './page-renderer.ts';
export { folderMaker } from './folder-maker.ts';
export { PageChangedError } from '../engine/load-site.ts';
export { validatedPageReader } from './validated-pages.ts';
export { PageStoreWriter, textRecord, contentOf } from '../engine/page-store.ts';
