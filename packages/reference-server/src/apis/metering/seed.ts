/** The seed data of the metering interface: the API keys that may create sessions. */
export interface MeteringSeed {
  apiKeys: string[];
}

import { DEV_LIVE_KEY, DEV_TEST_KEY } from '../../development-credentials';

export function meteringSeed(): MeteringSeed {
  return { apiKeys: [DEV_TEST_KEY, DEV_LIVE_KEY] };
}

/** `sk_test_...` or `sk_live_...`: the mode is part of the key. */
export const API_KEY_PATTERN = /^sk_(test|live)_[A-Za-z0-9_]{8,}$/;
