import { describe, expect, it } from 'vitest';
import { checkSettings, settingsProblems } from './settings-check';

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
    for (const port of ['', ' ', '0', '70000', 'achtzig', '80.5']) expect(settingsProblems({ PORT: port }), port).toEqual([`PORT: '${port}' ist keine Portnummer (1–65535)`]);
  });

  it("refuses an invitation's wait for the mail server that is no number of seconds from 1 to 3600", () => {
    // '0' and 'abc' were read as 40 s, 'Infinity' overflowed setTimeout (every invitation 'still sending' at once)
    for (const value of ['', '0', '-5', '0.5', 'abc', 'Infinity', '100000']) {
      expect(settingsProblems({ MAIL_ANSWER_WITHIN_S: value }), value).toEqual([`MAIL_ANSWER_WITHIN_S: '${value}' ist keine Zahl von Sekunden zwischen 1 und 3600 (z. B. 40)`]);
    }
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
