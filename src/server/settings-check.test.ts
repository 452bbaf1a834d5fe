import { describe, expect, it } from 'vitest';
import { checkSettings, settingsProblems } from './settings-check';
import { numberSetting, numberSettingProblem } from './number-settings';

describe('the settings the server starts with', () => {
  it('takes a site address with http or https, and a port number', () => {
    expect(settingsProblems({ SITE_URL: 'https://www.verein.at', PORT: '8080' })).toEqual([]);
    expect(settingsProblems({ MAIL_ANSWER_WITHIN_S: '40' })).toEqual([]);
    expect(settingsProblems({ MAIL_ANSWER_WITHIN_S: '1.5' })).toEqual([]);
    expect(settingsProblems({ SITE_URL: 'http://localhost:4321/' })).toEqual([]);
    expect(settingsProblems({})).toEqual([]);
  });

  it('refuses a site address without scheme, another scheme, or with a query, and an empty or impossible port', () => {
    expect(settingsProblems({ SITE_URL: 'www.verein.at' })).toEqual([
      "SITE_URL: 'www.verein.at' ist keine Adresse mit http:// oder https:// (z. B. https://www.verein.at)",
    ]);
    expect(settingsProblems({ SITE_URL: 'ftp://verein.at' })).toHaveLength(1);
    expect(settingsProblems({ SITE_URL: 'https://verein.at/?x=1' })[0]).toMatch(/weder Anmeldedaten noch \? oder #/);
    // a path was taken and then dropped by every absolute address the pages write (the sitemap, the feed, the
    // canonical addresses, the calendar): the site is served from the host's root
    expect(settingsProblems({ SITE_URL: 'https://verein.at/club' })).toEqual([
      "SITE_URL: 'https://verein.at/club' darf keinen Pfad haben: die Website liegt an der Wurzel der Adresse (z. B. https://verein.at, nicht https://verein.at/club)",
    ]);
    expect(settingsProblems({ SITE_URL: 'https://verein.at/club/' })).toHaveLength(1);
    for (const port of ['', ' ', '0', '70000', 'achtzig', '80.5']) expect(settingsProblems({ PORT: port }), port).toEqual([`PORT: '${port}' ist keine Portnummer (1–65535)`]);
  });

  it("refuses an invitation's wait for the mail server that is no number of seconds from 1 to 3600", () => {
    // '0' and 'abc' were read as 40 s, 'Infinity' overflowed setTimeout (every invitation 'still sending' at once)
    for (const value of ['0', '-5', '0.5', 'abc', 'Infinity', '100000']) {
      expect(settingsProblems({ MAIL_ANSWER_WITHIN_S: value }), value).toEqual([`MAIL_ANSWER_WITHIN_S: '${value}' ist keine Zahl von Sekunden zwischen 1 und 3600 (z. B. 40)`]);
    }
  });

  it('refuses a count, size or wait that is no number in its range, every one named; an empty one is the default', () => {
    // each was read its own way: '3O' became 3 and 'zwei' the default without a word, an empty HEALTH_MIN_FREE_MB 0 MB
    expect(
      settingsProblems({ BACKUP_KEEP: '3O', HEALTH_MIN_FREE_MB: '1GB', PUBLISH_WORKERS: '-1', PUBLISH_IN_PROCESS_MAX: '2.5', SERVE_WORKERS: 'zwei' }),
    ).toEqual([
      "SERVE_WORKERS: 'zwei' ist keine Anzahl von Prozessen zwischen 0 und 64 (z. B. 2; 0 = ein Prozess, leer = einer je Kern)",
      "PUBLISH_WORKERS: '-1' ist keine Anzahl von Render-Prozessen zwischen 0 und 1024 (z. B. 4; 0 = im Server selbst)",
      "PUBLISH_IN_PROCESS_MAX: '2.5' ist keine Anzahl von Seiten zwischen 0 und 1000000 (z. B. 200)",
      "HEALTH_MIN_FREE_MB: '1GB' ist keine Zahl von Megabytes zwischen 0 und 100000000 (z. B. 100)",
      "BACKUP_KEEP: '3O' ist keine Anzahl von Sicherungen zwischen 1 und 100000 (z. B. 7)",
    ]);
    // the import's own wait is the import's business: the server does not refuse to start over it
    expect(settingsProblems({ IMPORT_TIMEOUT_SECONDS: '0' })).toEqual([]);
    expect(numberSettingProblem('IMPORT_TIMEOUT_SECONDS', { IMPORT_TIMEOUT_SECONDS: '0' })).toBe("IMPORT_TIMEOUT_SECONDS: '0' ist keine Zahl von Sekunden zwischen 1 und 86400 (z. B. 120)");
    expect(settingsProblems({ BACKUP_KEEP: '0' })).toHaveLength(1);
    const fine = { BACKUP_KEEP: '30', HEALTH_MIN_FREE_MB: '0.5', PUBLISH_WORKERS: '0', PUBLISH_IN_PROCESS_MAX: '0', SERVE_WORKERS: '', IMPORT_TIMEOUT_SECONDS: '600', MAIL_ANSWER_WITHIN_S: ' ' };
    expect(settingsProblems(fine)).toEqual([]);
    // read as checked: an empty one is the default, not 0
    expect(numberSetting('HEALTH_MIN_FREE_MB', 100, { HEALTH_MIN_FREE_MB: '' })).toBe(100);
    expect(numberSetting('MAIL_ANSWER_WITHIN_S', 40, fine)).toBe(40);
    expect(numberSetting('BACKUP_KEEP', 7, fine)).toBe(30);
    expect(numberSetting('HEALTH_MIN_FREE_MB', 100, fine)).toBe(0.5);
  });

  it('refuses an SMTP URL the mailer cannot read, without writing its password to the log', () => {
    // an unencoded '#' in the password ends the URL there; URL's own error carried the whole of it
    for (const url of ['smtp://verein:geheim#1@mail.verein.at', 'mail.verein.at', 'https://mail.verein.at']) {
      const problems = settingsProblems({ SMTP_URL: url });
      expect(problems, url).toHaveLength(1);
      expect(problems[0]).toMatch(/^SMTP_URL ist keine Adresse mit smtp:\/\/ oder smtps:\/\//);
      expect(problems[0]).not.toContain('geheim');
    }
    expect(settingsProblems({ SMTP_URL: 'smtps://verein%40verein.at:geheim%231@mail.verein.at:465?requireTLS=true' })).toEqual([]);
    expect(settingsProblems({ SMTP_URL: '' })).toEqual([]);
  });

  it('stops the start with every problem named, and says when SITE_URL is not set', () => {
    expect(() => checkSettings({ SITE_URL: 'verein.at', PORT: '' })).toThrow(/Einstellungen ungültig:\n- SITE_URL: .*\n- PORT: ''/);
    const warnings: string[] = [];
    checkSettings({}, { warn: (line: string) => void warnings.push(line) });
    expect(warnings).toEqual(['[server] SITE_URL ist nicht gesetzt: Links in E-Mails, in der Sitemap und auf geteilten Seiten zeigen auf localhost']);
    checkSettings({ SITE_URL: 'https://verein.at' }, { warn: (line: string) => void warnings.push(line) });
    expect(warnings).toHaveLength(1);
  });
});
