// The mail server's last failure as the admin header shows it to superadmins (src/server/mail/mail-status.ts):
// a notification of a new inquiry or a reset link that did not go out was only logged, where a volunteer host
// does not look, so a wrong password in SMTP_URL kept every inquiry's notification away unnoticed.
import { formatDateTime } from './dates-de';

/** When a mail last failed and why (the reason's German words); both null while none is to be said. */
export type MailStatus = { failedAt: number | null; reason: string | null };

export const MAIL_STATUS_TEXTS = {
  failed: (at: number, reason: string) =>
    `Der E-Mail-Versand ist am ${formatDateTime(at)} fehlgeschlagen: ${reason}. Bis wieder eine E-Mail versendet wird, kommen Benachrichtigungen über neue Anfragen, Einladungen und Links zum Zurücksetzen des Passworts möglicherweise nicht an.`,
  /** the inquiries' notification to the club's own address, refused by the mail server: a typo in it */
  clubAddressRefused: (to: string) => `der Mailserver hat die Adresse des Vereins für neue Anfragen (${to}) abgelehnt, bitte die E-Mail-Adresse des Vereins prüfen`,
} as const;
