import { RequestValidationError } from '@clientkit/core';
import { validateInput } from '@clientkit/core/contract';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod/mini';
import {
  CreateEventBody,
  CreateOrganizerBody,
  type MapFlag,
  UpdateOrganizerBody,
  UpdateVenueBody,
} from '../src/calendar';

function issuesOf(schema: Parameters<typeof validateInput>[0], value: unknown): string[] {
  try {
    validateInput(schema, value, 'body');
  } catch (error) {
    expect(error).toBeInstanceOf(RequestValidationError);
    return (error as RequestValidationError).issues.map(
      (issue) => `${issue.path} ${issue.message}`,
    );
  }
  return [];
}

const event = {
  title: 'Concert',
  start_date: '2026-07-01 19:30:00',
  end_date: '2026-07-01 22:00:00',
};

describe('calendar fields of several forms', () => {
  it('types each field as the forms it accepts, on input and output alike', () => {
    type Cost = string | number | null | undefined;
    type Flag = boolean | 'true' | 'false' | '1' | '0';
    type Text = string | null | undefined;
    expectTypeOf<z.input<typeof CreateEventBody>['cost']>().toEqualTypeOf<Cost>();
    expectTypeOf<z.output<typeof CreateEventBody>['cost']>().toEqualTypeOf<Cost>();
    expectTypeOf<z.input<typeof MapFlag>>().toEqualTypeOf<Flag>();
    expectTypeOf<z.output<typeof MapFlag>>().toEqualTypeOf<Flag>();
    expectTypeOf<MapFlag>().toEqualTypeOf<Flag>();
    expectTypeOf<z.input<typeof UpdateVenueBody>['show_map']>().toEqualTypeOf<
      Flag | null | undefined
    >();
    expectTypeOf<z.output<typeof UpdateVenueBody>['show_map_link']>().toEqualTypeOf<
      Flag | null | undefined
    >();
    expectTypeOf<z.input<typeof UpdateVenueBody>['website']>().toEqualTypeOf<Text>();
    expectTypeOf<z.output<typeof UpdateVenueBody>['website']>().toEqualTypeOf<Text>();
    expectTypeOf<z.input<typeof CreateOrganizerBody>['website']>().toEqualTypeOf<Text>();
    expectTypeOf<z.input<typeof CreateOrganizerBody>['email']>().toEqualTypeOf<Text>();
    expectTypeOf<z.output<typeof UpdateOrganizerBody>['email']>().toEqualTypeOf<Text>();
  });

  it('takes a cost as a number or as text of at most 1000 characters; null clears it', () => {
    for (const cost of [undefined, null, '', '12.50', 'Free', 12.5, -3, 0, 'x'.repeat(1000)]) {
      expect(issuesOf(CreateEventBody, { ...event, cost })).toEqual([]);
    }
    for (const cost of [Number.NaN, Number.POSITIVE_INFINITY, true, [], {}, 'x'.repeat(1001)]) {
      expect(issuesOf(CreateEventBody, { ...event, cost })).toEqual([
        'cost must be a number, or text of at most 1000 characters',
      ]);
    }
  });

  it('takes a map flag as a boolean or as "true", "false", "1" or "0"; null restores the default', () => {
    for (const flag of [undefined, null, true, false, 'true', 'false', '1', '0']) {
      expect(issuesOf(UpdateVenueBody, { show_map: flag, show_map_link: flag })).toEqual([]);
    }
    for (const flag of ['yes', 'TRUE', '', 1, 0, [], {}]) {
      expect(issuesOf(UpdateVenueBody, { show_map: flag })).toEqual([
        'show_map must be a boolean, or one of "true", "false", "1", "0"',
      ]);
    }
  });

  it('takes a website of a venue or an organizer as an http(s) URL; empty or null clears it', () => {
    for (const schema of [UpdateVenueBody, UpdateOrganizerBody]) {
      for (const website of [undefined, null, '', 'https://example.com', 'http://x']) {
        expect(issuesOf(schema, { website })).toEqual([]);
      }
      for (const website of ['ftp://example.com', 'abc', ' ', 'https://', 5, true]) {
        expect(issuesOf(schema, { website })).toEqual([
          'website must be an http(s) URL, or empty to clear it',
        ]);
      }
    }
  });

  it('takes an email address of an organizer; empty or null clears it', () => {
    for (const email of [undefined, null, '', 'a@b.co']) {
      expect(issuesOf(CreateOrganizerBody, { organizer: 'Org', email })).toEqual([]);
    }
    for (const email of ['a@b', ' a@b.co', 5, true]) {
      expect(issuesOf(CreateOrganizerBody, { organizer: 'Org', email })).toEqual([
        'email must be a valid email address, or empty to clear it',
      ]);
    }
  });
});
