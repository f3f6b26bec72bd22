// A stand-in for the metering stream's service that answers every request at once from prepared
// bytes, so that a sender, not the server, sets the pace: the stream bench's "sender's own ceiling".
// It speaks just enough HTTP/1.1 for keep-alive clients (requests with Content-Length, no chunked
// bodies) and the routes the stream bench uses: a session, a batch (its events counted), and the
// two admin routes the bench reads its count from. Prints its URL, then serves until killed.
import net from 'node:net';

const SESSION = JSON.stringify({
  id: 'mes_instant',
  object: 'v2.billing.meter_event_session',
  authentication_token: 'mest_instant',
  created: '2026-01-01T00:00:00.000Z',
  expires_at: '2100-01-01T00:00:00.000Z',
  livemode: false,
});

const answer = (body) =>
  Buffer.from(
    `HTTP/1.1 200 OK\r\ncontent-type: application/json\r\nrequest-id: req_instant\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: keep-alive\r\nkeep-alive: timeout=5\r\n\r\n${body}`,
    'latin1',
  );

const SESSION_ANSWER = answer(SESSION);
const EMPTY_ANSWER = answer('{}');
let counted = 0;

/** Events in a batch's body, counted by their names without parsing the JSON. */
function eventsIn(body) {
  let count = 0;
  for (let at = body.indexOf('"event_name"'); at >= 0; at = body.indexOf('"event_name"', at + 1)) {
    count += 1;
  }
  return count;
}

function answerTo(head, body) {
  if (head.startsWith('POST /v2/billing/meter_event_session')) return SESSION_ANSWER;
  if (head.startsWith('POST /v2/billing/meter_event_stream')) counted += eventsIn(body);
  if (head.startsWith('GET /__admin/metering/events'))
    return answer(JSON.stringify({ total: counted }));
  return EMPTY_ANSWER;
}

const server = net.createServer((socket) => {
  socket.setNoDelay(true);
  socket.setEncoding('latin1');
  let pending = '';
  socket.on('data', (chunk) => {
    pending += chunk;
    for (;;) {
      const headEnd = pending.indexOf('\r\n\r\n');
      if (headEnd < 0) return;
      const head = pending.slice(0, headEnd);
      const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1] ?? 0);
      const end = headEnd + 4 + length;
      if (pending.length < end) return;
      socket.write(answerTo(head, pending.slice(headEnd + 4, end)));
      pending = pending.slice(end);
    }
  });
  socket.on('error', () => {});
});

server.listen(0, '127.0.0.1', () => {
  console.log(`instant stream server listening on http://127.0.0.1:${server.address().port}`);
});
