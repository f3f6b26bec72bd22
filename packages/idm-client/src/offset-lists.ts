/**
 * The offset pages of the clients and logs listings as one schema each, whichever way
 * `include_totals` was set: for the reference server and for applications that check pages
 * themselves. The client checks each page against the one form its request asked for
 * (`ClientPlainList` or `ClientTotalsList`, ...), so it never loads this module: a union here would
 * put zod's union, which nothing else in the client uses, into every application's bundle (a
 * bundler keeps all of zod in the chunk the client loads first).
 *
 * @module
 */
import * as z from '@clientkit/core/schema';
import { ClientPlainList, ClientTotalsList, LogPlainList, LogTotalsList } from './response-schemas';

/** An offset page of clients: a bare array, or with `include_totals` an object with the totals. */
export const ClientOffsetList = z.union([ClientPlainList, ClientTotalsList]);
/** An offset page of log events: a bare array, or with `include_totals` an object with the totals. */
export const LogOffsetList = z.union([LogPlainList, LogTotalsList]);
