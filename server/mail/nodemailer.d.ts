/**
 * The part of nodemailer this server calls (server/mail/transport.ts). nodemailer 10 ships no types and
 * @types/nodemailer stops at major 8, so instead of types written for another major we declare what we use.
 */
declare module 'nodemailer' {
  interface SendMailOptions {
    from: string;
    to: string;
    subject: string;
    text: string;
    html: string;
  }
  interface Transporter {
    sendMail(mail: SendMailOptions): Promise<unknown>;
  }
  interface TransportOptions {
    url: string;
    connectionTimeout?: number;
    greetingTimeout?: number;
    socketTimeout?: number;
  }
  const nodemailer: { createTransport(options: string | TransportOptions): Transporter };
  export default nodemailer;
}
