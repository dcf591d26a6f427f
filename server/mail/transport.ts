/** Delivery of a mail once it sits in the outbox: SMTP through nodemailer when SMTP_URL is set, else nothing. */
import nodemailer from 'nodemailer';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailTransport {
  /** Delivers or throws; the outbox keeps the mail and the error either way. */
  deliver: (mail: OutgoingMail) => Promise<void>;
}

/** No delivery: the outbox table, the log and the dev mailbox are where mail goes (demo and tests). */
export const outboxOnlyTransport: MailTransport = { deliver: async () => {} };

/**
 * A try ends within a minute (nodemailer's own time-outs run to minutes), well inside the outbox's claim on a mail
 * (server/mail/outbox.ts CLAIM_MS), so no other process retries a mail while a try is still under way.
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

export const smtpTransport = (smtpUrl: string, from: string): MailTransport => {
  const transporter = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
  return {
    deliver: async (mail) => {
      await transporter.sendMail({ from, ...mail });
    },
  };
};

export const createMailTransport = (config: {
  smtpUrl: string | undefined;
  mailFrom: string;
}): MailTransport => (config.smtpUrl ? smtpTransport(config.smtpUrl, config.mailFrom) : outboxOnlyTransport);
