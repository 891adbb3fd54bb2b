import { urlsFor } from '../routing.ts';

export default () => urlsFor('static');
