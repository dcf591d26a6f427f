import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on a loopback port (smtp-server): the rehearsal's server sends its mail here through SMTP_URL
 * exactly as it would to a provider. Each message is written, as received on the wire, to `<dir>/<n>.eml` with its
 * envelope beside it (`<n>.json`), where the journeys read it and every mail is checked (test/rehearsal/support.ts:
 * nextMail, mailedLink, expectEveryArrivedMailProper). Plain SMTP on loopback: no STARTTLS or AUTH offered, so
 * nodemailer sends in the clear without asking.
 */
export async function startSmtpInbox(dir: string): Promise<{ url: string; close: () => Promise<void> }> {
  mkdirSync(dir, { recursive: true });
  let received = 0;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received += 1;
        const name = String(received).padStart(4, '0');
        const envelope = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
        };
        // The envelope first, and the message renamed into place: a reader never sees half a mail.
        writeFileSync(join(dir, `${name}.json`), JSON.stringify(envelope));
        writeFileSync(join(dir, `${name}.tmp`), Buffer.concat(chunks));
        renameSync(join(dir, `${name}.tmp`), join(dir, `${name}.eml`));
        callback();
      });
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.server.address() as AddressInfo).port));
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
