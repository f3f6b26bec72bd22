import { CalendarClient } from '@clientkit/calendar-client';
import { formatDateForWire, readDateTime, utcMsOf } from '@clientkit/calendar-client/schemas';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

describe('date-time text (property)', () => {
  it('reads back every Date the client sends as the same instant, to the second', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1970-01-01T00:00:00Z'),
          max: new Date('9000-01-01T00:00:00Z'),
          noInvalidDate: true,
        }),
        (date) => {
          const reading = readDateTime(formatDateForWire(date));
          expect(reading).toEqual({
            kind: 'instant',
            epochMs: Math.floor(date.getTime() / 1000) * 1000,
          });
        },
      ),
    );
  });

  it('reads Y-m-d H:i:s as the same wall-clock time, and ISO with an offset as that instant', () => {
    const pad = (value: number, width = 2) => String(value).padStart(width, '0');
    fc.assert(
      fc.property(
        fc.record({
          year: fc.integer({ min: 1000, max: 9998 }),
          month: fc.integer({ min: 1, max: 12 }),
          day: fc.integer({ min: 1, max: 28 }),
          hour: fc.integer({ min: 0, max: 23 }),
          minute: fc.integer({ min: 0, max: 59 }),
          second: fc.integer({ min: 0, max: 59 }),
        }),
        fc.integer({ min: -12 * 60, max: 14 * 60 }),
        (local, offsetMinutes) => {
          const date = `${pad(local.year, 4)}-${pad(local.month)}-${pad(local.day)}`;
          const time = `${pad(local.hour)}:${pad(local.minute)}:${pad(local.second)}`;
          expect(readDateTime(`${date} ${time}`)).toEqual({ kind: 'local', local });
          const sign = offsetMinutes < 0 ? '-' : '+';
          const zone = `${sign}${pad(Math.floor(Math.abs(offsetMinutes) / 60))}:${pad(Math.abs(offsetMinutes) % 60)}`;
          expect(readDateTime(`${date}T${time}${zone}`)).toEqual({
            kind: 'instant',
            epochMs: utcMsOf(local) - offsetMinutes * 60_000,
          });
        },
      ),
    );
  });
});

describe('listing pagination (property)', () => {
  it('asks for exactly max(1, ceil(total / per_page)) pages and yields every item once', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 120 }),
        fc.integer({ min: 1, max: 50 }),
        async (total, perPage) => {
          const requested: number[] = [];
          const totalPages = Math.ceil(total / perPage);
          const calendar = new CalendarClient({
            apiRoot: 'http://calendar.test/wp-json',
            fetch: async (input) => {
              const url = new URL(input instanceof Request ? input.url : String(input));
              const page = Number(url.searchParams.get('page') ?? '1');
              requested.push(page);
              if (page > Math.max(1, totalPages)) {
                return Response.json(
                  {
                    code: 'event-archive-page-not-found',
                    message: 'past the end',
                    data: { status: 404 },
                  },
                  { status: 404 },
                );
              }
              const first = (page - 1) * perPage;
              const tags = Array.from(
                { length: Math.max(0, Math.min(perPage, total - first)) },
                (_, index) => ({
                  id: first + index + 1,
                }),
              );
              return Response.json({
                tags,
                rest_url: url.toString(),
                total,
                total_pages: totalPages,
              });
            },
          });
          const items = await calendar.tags.list({ per_page: perPage }).toArray();
          expect(items.map((item) => item.id)).toEqual(
            Array.from({ length: total }, (_, index) => index + 1),
          );
          expect(requested).toEqual(
            Array.from({ length: Math.max(1, totalPages) }, (_, index) => index + 1),
          );
        },
      ),
      { numRuns: 60 },
    );
  });
});
