// The operator's commands read their options one way (`npm run user`, `import`, `backup`): an option the command
// does not know, a value missing or a word without its option is refused in German before anything is done. A
// typed '--dryrun' ran a real import, published, and with '--invite' mailed every member; `backup /mnt/usb`
// (without --to) wrote to the default folder and said done.
import path from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';

type Options = NonNullable<ParseArgsConfig['options']>;

/** Says what is wrong and how the command is called, on stderr; exits with `code` (2: called wrongly). */
export function failWith(message: string, usage: string, code = 2): never {
  console.error(`Fehler: ${message}\n${usage}`);
  process.exit(code);
}

/** The options and positionals as node:util reads them (strict), a mistake said in German. */
export function readCommandLine<O extends Options>(options: O, usage: string, { positionals = false, code = 2 } = {}) {
  try {
    return parseArgs({ args: process.argv.slice(2), options, allowPositionals: positionals, strict: true });
  } catch (error) {
    failWith(germanReason(error as { code?: string; message: string }), usage, code);
  }
}

/** node:util's own words are English ("Unknown option '--x'. To specify a positional argument …"). */
function germanReason({ code, message }: { code?: string; message: string }): string {
  // the option as named in its quotes ('-h, --help' names the long form last)
  const option = /'([^']*)'/.exec(message)?.[1].split(/[\s,]+/).filter((o) => o.startsWith('-')).at(-1) ?? 'eine Option';
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return `unbekannte Option ${option}.`;
  if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') return `'${/'([^']*)'/.exec(message)?.[1] ?? ''}' gehört zu keiner Option.`;
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && /does not take an argument/.test(message)) return `${option} nimmt keinen Wert.`;
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') return `bei ${option} fehlt der Wert.`;
  return message;
}

/** `npm run` runs in the checkout: a relative path means the folder the command was typed in. */
export const typedPath = (file: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), file);

/**
 * Runs a command's work, a failure said in German on one line, exit code 1: a database a killed restore left
 * half-swapped, or one newer than the code, refuses in German words (client.ts), which came as an uncaught error
 * with Node's stack trace under them.
 */
export async function saidIfFailed<T>(work: () => Promise<T> | T): Promise<T> {
  try {
    return await work();
  } catch (error) {
    console.error(`Fehler: ${error instanceof Error ? error.message : String(error)}`);
    if (process.env.ANSTOSS_TRACE === '1') console.error(error);
    process.exit(1);
  }
}
