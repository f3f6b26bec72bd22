import { connect, type Socket } from 'node:net';

/**
 * Speaks SMTP line by line: sends each command after the previous reply and collects the replies.
 * A command may be a function, run at its turn, that returns the line to send.
 */
export function converse(port: number, commands: Command[], host = '127.0.0.1'): Promise<string[]> {
  return converseOn(port, () => commands, host);
}

type Command = string | (() => Promise<string>);

/** `converse`, with the commands made once the socket exists (for those that write to it). */
function converseOn(
  port: number,
  commandsFor: (socket: Socket) => Command[],
  host = '127.0.0.1',
): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port });
    const commands = commandsFor(socket);
    const replies: string[] = [];
    let buffered = '';
    socket.setEncoding('utf8');
    socket.on('error', reject);
    socket.on('data', (chunk: string) => {
      buffered += chunk;
      // A reply is complete on a line whose code is followed by a space, not a dash.
      const complete = buffered.match(/^\d{3} .*\r\n/m);
      if (!complete) return;
      replies.push(buffered.trim());
      buffered = '';
      const next = commands.shift();
      if (next === undefined) {
        socket.end();
        resolve(replies);
      } else {
        Promise.resolve(typeof next === 'string' ? next : next()).then(
          (line) => socket.write(`${line}\r\n`),
          reject,
        );
      }
    });
  });
}

/** The three-digit code of each reply. */
export const codes = (replies: string[]) =>
  replies.map((reply) => reply.split('\n').at(-1)!.slice(0, 3));

/**
 * Sends one message: EHLO, MAIL, a RCPT per recipient, then DATA written by `writeBody` (which
 * waits for the socket to drain between writes), and resolves with the reply to the final dot.
 */
export async function sendData(
  port: number,
  recipients: readonly string[],
  writeBody: (write: (bytes: Buffer) => Promise<void>) => Promise<void>,
): Promise<string> {
  let writeTo: Socket | undefined;
  const write = (bytes: Buffer) =>
    new Promise<void>((resolve, reject) =>
      writeTo!.write(bytes, (error) => (error ? reject(error) : resolve())),
    );
  const replies = await converseOn(port, (socket) => {
    writeTo = socket;
    return [
      'EHLO tester',
      'MAIL FROM:<ada@example.com>',
      ...recipients.map((address) => `RCPT TO:<${address}>`),
      'DATA',
      async () => {
        await writeBody(write);
        return '\r\n.';
      },
      'QUIT',
    ];
  });
  return replies.at(-2)!;
}
