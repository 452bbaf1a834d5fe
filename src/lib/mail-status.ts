// The mail server's last failure as the admin header shows it to superadmins (src/server/mail/mail-status.ts):
// a notification of a new inquiry or a reset link that did not go out was only logged, where a volunteer host
// does not look, so a wrong password in SMTP_URL kept every inquiry's notification away unnoticed.
import { formatDateTime } from './dates-de';

/** When a mail last failed and why (the reason's German words); both null while the last mail went. */
export type MailStatus = { failedAt: number | null; reason: string | null };

export const MAIL_STATUS_TEXTS = {
  failed: (at: number, reason: string) =>
    `E-Mail-Versand am ${formatDateTime(at)} fehlgeschlagen: ${reason}. Bis wieder eine E-Mail versendet wird, kommen Benachrichtigungen über neue Anfragen, Einladungen und Links zum Zurücksetzen des Passworts nicht an.`,
} as const;
