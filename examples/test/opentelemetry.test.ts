import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { APIResponseValidationError } from '@clientkit/core';
import { openTelemetry } from '@clientkit/core/opentelemetry';
import { DocsClient } from '@clientkit/docs-client';
import {
  createReferenceServer,
  developmentClientOptions,
  type ReferenceServer,
} from '@clientkit/reference-server';
import { context, propagation, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import {
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docsDemo } from '../src/docs-demo';

// The set-up of the core README, with the in-memory exporter in place of a real one.
const exporter = new InMemorySpanExporter();
const provider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });

let server: ReferenceServer;
let url: string;
beforeAll(async () => {
  provider.register();
  server = await createReferenceServer({
    clock: { start: Date.parse('2026-11-23T09:00:00Z'), frozen: true },
  });
  ({ url } = await server.listen(0));
});
afterAll(async () => {
  await server.close();
  await provider.shutdown();
  trace.disable();
  context.disable();
  propagation.disable();
});

/** The calls of the docs demo, in order: each operation and the CLIENT spans of its attempts. */
const demoCalls = [
  ['docs.user.get', ['GET /v1/user']],
  ['docs.spaces.get', ['GET /v1/spaces/{spaceId}']],
  ['docs.spaces.search', ['GET /v1/spaces/{spaceId}/search']],
  ['docs.spaces.search', ['GET /v1/spaces/{spaceId}/search']],
  ['docs.spaces.update', ['PATCH /v1/spaces/{spaceId}']],
  ['docs.spaces.permissions.invite', ['POST /v1/spaces/{spaceId}/permissions']],
  ['docs.spaces.permissions.listUsers', ['GET /v1/spaces/{spaceId}/permissions/users']],
  ['docs.spaces.git.export', ['POST /v1/spaces/{spaceId}/git/export']],
  ['docs.spaces.git.info', ['GET /v1/spaces/{spaceId}/git/info']],
  ['docs.spaces.git.info', ['GET /v1/spaces/{spaceId}/git/info']],
  ['docs.spaces.duplicate', ['POST /v1/spaces/{spaceId}/duplicate']],
  ['docs.spaces.delete', ['DELETE /v1/spaces/{spaceId}']],
  ['docs.spaces.delete', ['DELETE /v1/spaces/{spaceId}']],
  ['docs.spaces.get', ['GET /v1/spaces/{spaceId}']],
  ['docs.spaces.restore', ['POST /v1/spaces/{spaceId}/restore']],
];

const startOrder = (a: ReadableSpan, b: ReadableSpan) =>
  a.startTime[0] - b.startTime[0] || a.startTime[1] - b.startTime[1];

describe('an OpenTelemetry run of the docs demo', () => {
  it('traces each call as an INTERNAL span with a CLIENT span per attempt, under the application span, and sends each attempt its traceparent', async () => {
    const traceparents: (string | null)[] = [];
    const recordingFetch: typeof fetch = (input, init) => {
      traceparents.push((input as Request).headers.get('traceparent'));
      return fetch(input, init);
    };
    const lines: string[] = [];
    const tracer = trace.getTracer('examples');
    const demoSpan = await tracer.startActiveSpan('docs demo', async (span) => {
      await docsDemo(server, url, (line) => lines.push(line), {
        telemetry: openTelemetry(),
        fetch: recordingFetch,
      });
      span.end();
      return span;
    });
    expect(lines.at(-1)).toMatch(/^Restored within the 7-day window/);

    await provider.forceFlush();
    const spans = exporter.getFinishedSpans().sort(startOrder);
    const calls = spans.filter(
      (span) =>
        span.kind === SpanKind.INTERNAL && span.instrumentationScope.name === '@clientkit/core',
    );
    const attempts = spans.filter((span) => span.kind === SpanKind.CLIENT);
    const attemptsOf = (call: ReadableSpan) =>
      attempts.filter((span) => span.parentSpanContext?.spanId === call.spanContext().spanId);

    expect(calls.map((call) => [call.name, attemptsOf(call).map((span) => span.name)])).toEqual(
      demoCalls,
    );
    expect(attempts).toHaveLength(demoCalls.length);
    for (const call of calls) {
      expect(call.attributes['clientkit.operation']).toBe(call.name);
      expect(call.parentSpanContext?.spanId).toBe(demoSpan.spanContext().spanId);
      expect(call.spanContext().traceId).toBe(demoSpan.spanContext().traceId);
    }

    const { port } = new URL(url);
    for (const attempt of attempts) {
      const [method, template] = attempt.name.split(' ') as [string, string];
      expect(attempt.attributes).toMatchObject({
        'http.request.method': method,
        'server.address': '127.0.0.1',
        'server.port': Number(port),
        'url.template': template,
      });
      expect(attempt.attributes['url.full']).toMatch(new RegExp(`^${url}/v1/`));
      expect(attempt.attributes['http.request.resend_count']).toBeUndefined();
    }

    // Reading the deleted copy is the demo's one failure: a 404, on the attempt and on the call.
    const failed = spans.filter((span) => span.status.code === SpanStatusCode.ERROR);
    expect(
      failed.map((span) => [span.kind, span.name, span.attributes['error.type']]).sort(),
    ).toEqual([
      [SpanKind.INTERNAL, 'docs.spaces.get', '404'],
      [SpanKind.CLIENT, 'GET /v1/spaces/{spaceId}', '404'],
    ]);
    expect(failed.find((span) => span.kind === SpanKind.CLIENT)?.attributes).toMatchObject({
      'http.response.status_code': 404,
    });
    expect(spans.filter((span) => span.attributes['error.type'] !== undefined)).toHaveLength(2);

    expect(traceparents).toEqual(
      attempts.map((span) => `00-${span.spanContext().traceId}-${span.spanContext().spanId}-01`),
    );
    const { token } = developmentClientOptions(url).docs;
    expect(JSON.stringify(spans.map((span) => [span.name, span.attributes]))).not.toContain(token);
  });
});

describe('an OpenTelemetry run with validateResponses', () => {
  it('a call whose answer breaks its response schema ends its INTERNAL span with the ERROR status and error.type "APIResponseValidationError", its CLIENT span as a 200 success, and its log line as failed', async () => {
    exporter.reset();
    // The answer as a service that changed a field's type would send it: the title as a number.
    const changedAnswer: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      const body = { ...(await response.json()), title: 42 };
      return new Response(JSON.stringify(body), {
        status: response.status,
        headers: response.headers,
      });
    };
    const lines: string[] = [];
    const log = (message: string) => lines.push(message);
    const docs = new DocsClient({
      ...developmentClientOptions(url).docs,
      fetch: changedAnswer,
      validateResponses: true,
      telemetry: openTelemetry(),
      logger: { debug: log, info: log, warn: log, error: log },
      logLevel: 'debug',
    });
    const error = await docs.spaces.get('space_handbook').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(APIResponseValidationError);
    expect((error as APIResponseValidationError).issues).toEqual([
      { path: 'title', message: 'must be a string, not a number' },
    ]);

    await provider.forceFlush();
    const spans = exporter.getFinishedSpans();
    const call = spans.find((span) => span.kind === SpanKind.INTERNAL);
    const attempt = spans.find((span) => span.kind === SpanKind.CLIENT);
    expect(spans).toHaveLength(2);
    expect(call?.name).toBe('docs.spaces.get');
    expect(call?.status.code).toBe(SpanStatusCode.ERROR);
    expect(call?.attributes['error.type']).toBe('APIResponseValidationError');
    expect(attempt?.name).toBe('GET /v1/spaces/{spaceId}');
    expect(attempt?.status.code).toBe(SpanStatusCode.UNSET);
    expect(attempt?.attributes['http.response.status_code']).toBe(200);
    expect(attempt?.attributes['error.type']).toBeUndefined();
    expect(lines).toEqual(['docs.spaces.get: failed, APIResponseValidationError']);
  });
});

describe('the built @clientkit/core and OpenTelemetry', () => {
  // Read as published, through node_modules and the package's exports, not the sources.
  const coreDir = dirname(createRequire(import.meta.url).resolve('@clientkit/core/package.json'));
  const manifest = JSON.parse(readFileSync(join(coreDir, 'package.json'), 'utf8'));

  /** Every file an entry can load, following its relative imports, requires and import()s. */
  function filesOf(entry: string, seen = new Set<string>()): Set<string> {
    if (seen.has(entry)) return seen;
    seen.add(entry);
    const source = readFileSync(entry, 'utf8');
    for (const match of source.matchAll(/(?:from|import|require)\s*\(?\s*['"](\.[^'"]+)['"]/g)) {
      filesOf(resolve(dirname(entry), match[1]!), seen);
    }
    return seen;
  }

  it.each(['.', './internal', './contract'])(
    'the entry %s, ESM and CommonJS, never mentions @opentelemetry in any file it loads',
    (name) => {
      const { import: esm, require: cjs } = manifest.exports[name];
      const files = [
        ...filesOf(join(coreDir, esm.default)),
        ...filesOf(join(coreDir, cjs.default)),
      ];
      expect(files.length).toBeGreaterThan(2);
      for (const file of files) expect(readFileSync(file, 'utf8')).not.toContain('@opentelemetry');
    },
  );

  it('./opentelemetry is published for import and require with types, and needs @opentelemetry/api only as an optional peer', () => {
    const entry = manifest.exports['./opentelemetry'];
    for (const condition of [entry.import, entry.require]) {
      expect(Object.keys(condition)).toEqual(['types', 'default']);
      for (const file of Object.values<string>(condition)) {
        expect(readFileSync(join(coreDir, file), 'utf8')).toContain('openTelemetry');
      }
    }
    expect(readFileSync(join(coreDir, entry.import.default), 'utf8')).toContain(
      "from '@opentelemetry/api'",
    );
    expect(manifest.peerDependenciesMeta['@opentelemetry/api']).toEqual({ optional: true });
    expect(manifest.dependencies['@opentelemetry/api']).toBeUndefined();
  });
});
