export { PageView as default } from '../../PageView.tsx';
