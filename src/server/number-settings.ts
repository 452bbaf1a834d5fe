// The settings that are numbers, read one way and checked at the start (src/server/settings-check.ts; decision
// 074): each reader used to read its own way, so a typo became another value without a word ('BACKUP_KEEP=3O'
// 3, 'HEALTH_MIN_FREE_MB=1GB' the default), and an empty HEALTH_MIN_FREE_MB became 0 MB. Empty or blank counts as unset (`KEY=` in an
// environment file): the default. No imports: the benchmark's floor server reads SERVE_WORKERS through here.

type NumberSetting = {
  min: number;
  max: number;
  /** whole numbers only */
  whole: boolean;
  /** what the value is, for the German refusal: 'keine Anzahl von Sicherungen zwischen …' */
  what: string;
  example: string;
  /** read by `npm run import` alone: the server and the other scripts do not refuse to start over it */
  importOnly?: true;
};

export const NUMBER_SETTINGS = {
  SERVE_WORKERS: { min: 0, max: 64, whole: true, what: 'Anzahl von Prozessen', example: '2; 0 = ein Prozess, leer = einer je Kern' },
  PUBLISH_WORKERS: { min: 0, max: 1024, whole: true, what: 'Anzahl von Render-Prozessen', example: '4; 0 = im Server selbst' },
  PUBLISH_IN_PROCESS_MAX: { min: 0, max: 1_000_000, whole: true, what: 'Anzahl von Seiten', example: '200' },
  HEALTH_MIN_FREE_MB: { min: 0, max: 100_000_000, whole: false, what: 'Zahl von Megabytes', example: '100' },
  BACKUP_KEEP: { min: 1, max: 100_000, whole: true, what: 'Anzahl von Sicherungen', example: '7' },
  MAIL_ANSWER_WITHIN_S: { min: 1, max: 3600, whole: false, what: 'Zahl von Sekunden', example: '40' },
  IMPORT_TIMEOUT_SECONDS: { min: 1, max: 86_400, whole: false, what: 'Zahl von Sekunden', example: '120', importOnly: true },
} satisfies Record<string, NumberSetting>;

export type NumberSettingName = keyof typeof NUMBER_SETTINGS;

const isUnset = (value: string | undefined): value is undefined => value === undefined || value.trim() === '';

function usable(name: NumberSettingName, value: string): number | null {
  const setting: NumberSetting = NUMBER_SETTINGS[name];
  const number = Number(value);
  if (!Number.isFinite(number) || number < setting.min || number > setting.max) return null;
  return setting.whole && !Number.isInteger(number) ? null : number;
}

/** The setting's number; `fallback` when it is unset, or unusable (refused at the start: `numberSettingProblem`). */
export function numberSetting(name: NumberSettingName, fallback: number, env: NodeJS.ProcessEnv = process.env): number {
  const value = env[name];
  if (isUnset(value)) return fallback;
  return usable(name, value) ?? fallback;
}

/** What is wrong with the setting (German, one line), or null. */
export function numberSettingProblem(name: NumberSettingName, env: NodeJS.ProcessEnv = process.env): string | null {
  const value = env[name];
  if (isUnset(value) || usable(name, value) !== null) return null;
  const { min, max, what, example } = NUMBER_SETTINGS[name];
  return `${name}: '${value}' ist keine ${what} zwischen ${min} und ${max} (z. B. ${example})`;
}

/** Every unusable number setting of the server and the publishing scripts (the start's check; the import's own: `numberSettingProblem`). */
export function numberSettingsProblems(env: NodeJS.ProcessEnv = process.env): string[] {
  const names = (Object.keys(NUMBER_SETTINGS) as NumberSettingName[]).filter((name) => !(NUMBER_SETTINGS[name] as NumberSetting).importOnly);
  return names.flatMap((name) => numberSettingProblem(name, env) ?? []);
}
