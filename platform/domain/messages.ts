import type { OutgoingMessage } from "./outbox.ts";

/** The texts the fake senders deliver. The site's pages are translated; these stay in English. */

export function smsLoginCodeMessage(to: string, code: string): OutgoingMessage {
  return { channel: "sms", to, body: `Arena Bet sign-in code: ${code}. Valid for 5 minutes.`, code };
}

export function twoStepCodeMessage(channel: "sms" | "email", to: string, code: string): OutgoingMessage {
  return {
    channel,
    to,
    subject: channel === "email" ? "Your sign-in confirmation code" : undefined,
    body: `Arena Bet two-step sign-in code: ${code}. Valid for 5 minutes. If you did not try to sign in, change your password.`,
    code,
  };
}

export function activationMessage(channel: "sms" | "email", to: string, code: string, link: string): OutgoingMessage {
  return channel === "email"
    ? {
        channel,
        to,
        subject: "Confirm your e-mail",
        body: `Your Arena Bet e-mail confirmation code is ${code} (valid for 24 hours). Or open ${link}`,
        code,
      }
    : { channel, to, body: `Arena Bet phone confirmation code: ${code}. Valid for 24 hours.`, code };
}

export function passwordResetMessage(channel: "sms" | "email", to: string, code: string): OutgoingMessage {
  return {
    channel,
    to,
    subject: channel === "email" ? "Password reset code" : undefined,
    body: `Arena Bet password reset code: ${code}. Valid for 15 minutes. If you did not ask for it, ignore this message.`,
    code,
  };
}

export function credentialsMessage(to: string, login: string, password: string): OutgoingMessage {
  return {
    channel: "email",
    to,
    subject: "Your Arena Bet login details",
    body: `Your Arena Bet account: login ${login}, password ${password}. Keep them safe and change the password in your office.`,
  };
}
