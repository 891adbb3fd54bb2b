export { CatalogueView as default } from '../CatalogueView.tsx';
