import { catalogueUrls } from '../catalogue-data.ts';

export default () => catalogueUrls('static');
