// Settings the server cannot work with are refused at its start, in German, instead of failing later and
// quietly: a SITE_URL without a scheme made every page's render fail ('Invalid URL') while the server said it
// ran and /healthz answered 200; an empty PORT became a random port. An unset SITE_URL is allowed (a fresh
// machine, `npm start`) but said: mails, the sitemap and shared links then point to localhost.

import { numberSettingsProblems } from './number-settings';

/** What is wrong with the settings (German, one line each); empty when the server can start. */
export function settingsProblems(env: NodeJS.ProcessEnv = process.env): string[] {
  const problems: string[] = [];
  if (env.SITE_URL !== undefined) {
    let url: URL | null = null;
    try {
      url = new URL(env.SITE_URL);
    } catch {
      url = null;
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') {
      problems.push(`SITE_URL: '${env.SITE_URL}' ist keine Adresse mit http:// oder https:// (z. B. https://www.verein.at)`);
    } else if (url.search || url.hash || url.username || url.password) {
      problems.push(`SITE_URL: '${env.SITE_URL}' darf weder Anmeldedaten noch ? oder # enthalten`);
    } else if (url.pathname !== '/') {
      // every absolute address the pages write is made from the origin (new URL('/…', site)): a path was dropped
      problems.push(`SITE_URL: '${env.SITE_URL}' darf keinen Pfad haben: die Website liegt an der Wurzel der Adresse (z. B. ${url.origin}, nicht ${url.origin}${url.pathname.replace(/\/$/, '')})`);
    }
  }
  if (env.SMTP_URL) {
    // never echoed: the URL holds the mail account's password (a '#' in it, unencoded, is a common cause)
    if (!isUsableSmtpUrl(env.SMTP_URL)) {
      problems.push("SMTP_URL ist keine Adresse mit smtp:// oder smtps:// (z. B. smtps://benutzer:passwort@mail.verein.at:465; Sonderzeichen im Passwort wie # oder @ als %23 bzw. %40)");
    }
  }
  if (env.PORT !== undefined) {
    const port = Number(env.PORT);
    if (env.PORT.trim() === '' || !Number.isInteger(port) || port < 1 || port > 65535) {
      problems.push(`PORT: '${env.PORT}' ist keine Portnummer (1–65535)`);
    }
  }
  // the counts, sizes and waits (src/server/number-settings.ts): MAIL_ANSWER_WITHIN_S's below the proxy's
  // timeout is the host's business (the README says so)
  problems.push(...numberSettingsProblems(env));
  return problems;
}

/** Whether nodemailer can take the SMTP URL as we pass it (mail/mailer.ts parses it with `URL`). */
export function isUsableSmtpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** The start's refusal (German): every unusable setting, one line each. */
export function settingsRefusal(problems: string[]): string {
  return `Einstellungen ungültig:\n${problems.map((p) => `- ${p}`).join('\n')}`;
}

/** Throws when a setting is unusable; warns when SITE_URL is not set. */
export function checkSettings(env: NodeJS.ProcessEnv = process.env, log: Pick<Console, 'warn'> = console): void {
  const problems = settingsProblems(env);
  if (problems.length > 0) throw new Error(settingsRefusal(problems));
  if (env.SITE_URL === undefined) {
    log.warn('[server] SITE_URL ist nicht gesetzt: Links in E-Mails, in der Sitemap und auf geteilten Seiten zeigen auf localhost');
  }
}

/** The build is older than the sources (scripts/serve.ts, which runs the build as it is). */
export function staleBuildWarning(distDir: string): string {
  return `[server] Der Build in ${distDir} ist älter als die Quellen: es läuft der alte Stand. Bitte den Server anhalten, \`npm run build\` ausführen und neu starten (docs/operations.md).`;
}
