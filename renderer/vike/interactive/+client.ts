import { enhancePage } from '../../client/enhance.ts';

enhancePage();
