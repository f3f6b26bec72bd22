/** A MIME message of exactly `size` bytes, most of it one base64 attachment. */
export function messageOfSize(size: number, to: string): string {
  const head = [
    'From: ada@example.com',
    `To: ${to}`,
    'Subject: the largest message',
    'MIME-Version: 1.0',
    'Content-Type: multipart/mixed; boundary="b"',
    '',
    '--b',
    'Content-Type: text/plain',
    '',
    'See the attachment.',
    '--b',
    'Content-Type: application/octet-stream',
    'Content-Transfer-Encoding: base64',
    'Content-Disposition: attachment; filename="data.bin"',
    '',
    '',
  ].join('\r\n');
  const tail = '\r\n--b--';
  const room = size - head.length - tail.length;
  const line = `${'QUJD'.repeat(19)}\r\n`; // 76 base64 characters a line, as MIME wants
  const body = line.repeat(Math.floor(room / line.length)).padEnd(room, 'A');
  return head + body.slice(0, room - 2) + '\r\n' + tail;
}
