import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the sink received it: its envelope recipients and the raw RFC 822 text. */
export interface SunkMail {
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on 127.0.0.1 that hands every message it accepts to `onMail`. Port 0 picks a
 * free one; the port it listens on comes back with the server.
 */
export async function startSmtpSink(onMail: (mail: SunkMail) => void, port = 0) {
  const sink = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        onMail({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => sink.listen(port, '127.0.0.1', resolve));
  return { sink, port: (sink.server.address() as AddressInfo).port };
}
