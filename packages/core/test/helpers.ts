export const BASE = 'http://api.test/v1';

export { rejectionOf, useNock } from '../../../test-support/unit';
