export const BASE = 'http://api.test/v1';

export { useNock } from '../../../test-support/unit';
