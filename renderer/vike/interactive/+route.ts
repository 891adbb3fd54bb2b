import { routeFor } from '../routing.ts';

export default routeFor('interactive');
