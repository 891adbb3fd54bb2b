import { notFoundData } from '../routing.ts';

export default () => notFoundData();
