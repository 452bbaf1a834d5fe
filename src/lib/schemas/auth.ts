// Sign-in, forgotten password and new password (public-site.md §2, §5, §8).
// The islands and the actions validate with these schemas, and the German texts
// of the sign-in area live here, word for word as the spec has them.
import { z } from 'astro/zod';
import './zod-german';

/** NIST SP 800-63B: at least 8 characters (the old app allowed 6); see docs/decisions/005. */
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 256;

export const PASSWORD_MESSAGES = {
  tooShort: 'Das Passwort muss mindestens 8 Zeichen lang sein.',
  tooLong: 'Das Passwort darf höchstens 256 Zeichen lang sein.',
  common: 'Dieses Passwort ist zu bekannt. Bitte wähle ein anderes.',
  clubName: 'Dieses Passwort ist im Wesentlichen der Vereinsname und leicht zu erraten. Bitte wähle ein anderes.',
  mismatch: 'Die Passwörter stimmen nicht überein.',
} as const;

export const AUTH_TEXTS = {
  signInTitle: 'Anmelden',
  signInIntro: 'Melde dich mit deiner E-Mail-Adresse und deinem Passwort an.',
  email: 'E-Mail',
  password: 'Passwort',
  submit: 'Anmelden',
  submitting: 'Wird angemeldet...',
  forgotLink: 'Passwort vergessen?',
  failedTitle: 'Anmeldung fehlgeschlagen',
  invalidCredentials: 'E-Mail-Adresse oder Passwort ist falsch.',
  secondStepIntro: 'Gib den 6-stelligen Code aus deiner Authenticator-App ein – oder einen deiner Wiederherstellungscodes.',
  secondStepCode: 'Code',
  secondStepSubmit: 'Bestätigen',
  secondStepExpired: 'Die Anmeldung ist abgelaufen. Bitte melde dich erneut an.',
  recoveryCodeUsed: 'Du hast einen Wiederherstellungscode verwendet; er gilt jetzt nicht mehr.',
  successTitle: 'Erfolgreich angemeldet',
  successText: 'Willkommen zurück!',
  captchaTitle: 'Captcha falsch',
  captchaText: 'Bitte löse die Rechenaufgabe korrekt.',
  noScript: 'Die Anmeldung benötigt JavaScript. Bitte aktiviere JavaScript in deinem Browser.',
  linkInvalid: 'Der Link ist ungültig, abgelaufen oder wurde bereits verwendet. Bitte fordere einen neuen an.',
  // forgotten password
  forgotTitle: 'Passwort vergessen',
  forgotIntro: 'Gib deine E-Mail-Adresse ein. Wir senden dir einen Link, mit dem du ein neues Passwort festlegen kannst.',
  forgotSubmit: 'Link senden',
  forgotSubmitting: 'Wird gesendet...',
  forgotSentTitle: 'E-Mail unterwegs',
  forgotSent:
    'Falls ein Konto mit dieser E-Mail-Adresse existiert, haben wir einen Link zum Zurücksetzen gesendet. Er ist 1 Stunde gültig.',
  backToSignIn: 'Zurück zur Anmeldung',
  // new password
  resetTitle: 'Neues Passwort festlegen',
  inviteTitle: 'Willkommen! Lege dein Passwort fest',
  newPassword: 'Neues Passwort',
  confirmPassword: 'Passwort bestätigen',
  resetSubmit: 'Passwort speichern',
  resetSubmitting: 'Speichert...',
  resetSuccessTitle: 'Erfolg',
  resetSuccessText: 'Ihr Passwort wurde erfolgreich geändert!',
  errorTitle: 'Fehler',
  unexpected: 'Ein unerwarteter Fehler ist aufgetreten.',
  // limits
  tooManyAttempts: (seconds: number) =>
    `Zu viele Anmeldeversuche. Bitte versuche es in ${waitText(seconds)} erneut.`,
  tooManyRequests: 'Zu viele Anfragen in kurzer Zeit. Bitte versuche es später erneut.',
} as const;

function waitText(seconds: number): string {
  if (seconds < 120) return `${seconds} Sekunden`;
  return `${Math.ceil(seconds / 60)} Minuten`;
}

/** Messages of the action's error codes, so that island and server agree. */
export const AUTH_ERRORS = {
  captcha: 'CAPTCHA',
} as const;

export const emailField = z
  .string({ required_error: 'Bitte gib deine E-Mail-Adresse ein.' })
  .trim()
  .min(1, 'Bitte gib deine E-Mail-Adresse ein.')
  .max(320, 'Die E-Mail-Adresse ist zu lang.')
  .email('Bitte gib eine gültige E-Mail-Adresse ein.');

const captchaFields = {
  captchaToken: z.string().max(1000),
  captchaAnswer: z.string().trim().max(10),
  /** the solved proof of work (src/server/auth/captcha.ts); checked on the server */
  captchaProof: z.string().max(2000).optional(),
};

export const signInSchema = z.object({
  email: emailField,
  // the password is checked, not judged: old passwords shorter than 8 must still sign in
  password: z.string().min(1, 'Bitte gib dein Passwort ein.').max(MAX_PASSWORD_LENGTH, PASSWORD_MESSAGES.tooLong),
  ...captchaFields,
});
export type SignInInput = z.infer<typeof signInSchema>;

/** The second step of a sign-in: the token from the first, the code from the app or a recovery code. */
export const secondStepSchema = z.object({
  token: z.string().max(200),
  code: z.string().trim().min(1, 'Bitte gib den Code aus deiner Authenticator-App ein.').max(20, 'Der Code ist zu lang.'),
});

export const forgotPasswordSchema = z.object({ email: emailField, ...captchaFields });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

export const newPasswordField = z
  .string()
  .min(MIN_PASSWORD_LENGTH, PASSWORD_MESSAGES.tooShort)
  .max(MAX_PASSWORD_LENGTH, PASSWORD_MESSAGES.tooLong);

export const resetPasswordSchema = z
  .object({
    token: z.string().min(1).max(200),
    password: newPasswordField,
    confirm: z.string().max(MAX_PASSWORD_LENGTH),
  })
  .refine((v) => v.password === v.confirm, { message: PASSWORD_MESSAGES.mismatch, path: ['confirm'] });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** The first problem of a new password pair, for the form to show before sending. */
export function newPasswordProblem(password: string, confirm: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return PASSWORD_MESSAGES.tooShort;
  if (password.length > MAX_PASSWORD_LENGTH) return PASSWORD_MESSAGES.tooLong;
  if (password !== confirm) return PASSWORD_MESSAGES.mismatch;
  return null;
}

/** The first superadmin's set-up link (/auth/setup). */
export const SETUP_TEXTS = {
  title: 'Ersten Superadmin einrichten',
  intro: 'Wähle die E-Mail-Adresse und das Passwort des ersten Superadmins.',
  submit: 'Superadmin anlegen',
  submitting: 'Wird angelegt...',
  invalidLink: 'Der Einrichtungs-Link ist ungültig oder abgelaufen.',
  emailTaken: 'Diese E-Mail-Adresse ist bereits vergeben.',
} as const;

export const setupSchema = z.object({
  token: z.string().min(1).max(200),
  email: emailField,
  password: z.string().max(MAX_PASSWORD_LENGTH, PASSWORD_MESSAGES.tooLong),
  confirm: z.string().max(MAX_PASSWORD_LENGTH),
});
export type SetupInput = z.infer<typeof setupSchema>;
