import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { OperatorName } from '@nexa/contract';
import { loadConfig } from '../config.js';
import {
  OperatorCreateError,
  USERNAME_RULE,
  createOperator,
  normalizeOperatorName,
  operatorPasswordProblem,
} from '../modules/admin/operators.js';
import { DataDirInUse, openDatabase } from '../platform/db.js';

/**
 * `npm run admin:create -- --username NAME --password PASS`: creates an operator in the database the server
 * uses (DATABASE_URL, or the embedded one in DATA_DIR), applying migrations first. The password may come from
 * ADMIN_PASSWORD instead, to keep it out of the process list and shell history.
 *
 * With the embedded database, stop the server first: only one process may open DATA_DIR/pgdata at a time (it refuses
 * while the server holds it).
 */
const USAGE = 'usage: npm run admin:create -- --username NAME --password PASS   (or ADMIN_PASSWORD=PASS)';

export interface CliResult {
  code: number;
  out: string;
}

export function parseArgs(argv: string[]): { username?: string; password?: string; help?: boolean } {
  const out: { username?: string; password?: string; help?: boolean } = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--help' || arg === '-h') out.help = true;
    const m = /^--(username|password)(?:=(.*))?$/.exec(arg);
    if (!m) continue;
    const value = m[2] ?? argv[++i];
    if (value !== undefined) out[m[1] as 'username' | 'password'] = value;
  }
  return out;
}

/** The command, callable from tests: returns the exit code and what it would print. */
export async function runAdminCreate(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<CliResult> {
  const args = parseArgs(argv);
  if (args.help) return { code: 0, out: USAGE };
  const password = args.password ?? env.ADMIN_PASSWORD;
  if (!args.username || !password)
    return { code: 2, out: `admin:create: username and password are required\n${USAGE}` };
  // Checked before the database is opened: a typo answers at once.
  const name = OperatorName.safeParse(args.username);
  const problem = name.success ? operatorPasswordProblem(normalizeOperatorName(name.data), password) : USERNAME_RULE;
  if (problem) return { code: 1, out: `admin:create: ${problem}` };
  // npm runs workspace scripts inside apps/server; a relative DATA_DIR means the folder the command was typed in
  // (INIT_CWD), as for `npm start` there, so both open the same embedded database.
  const base = env.INIT_CWD ?? process.cwd();
  const config = loadConfig({ ...env, DATA_DIR: path.resolve(base, env.DATA_DIR ?? './data') });
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pgdata') });
  } catch (err) {
    // The server holds the embedded database: opening it beside the server would corrupt it.
    if (err instanceof DataDirInUse) return { code: 1, out: `admin:create: ${err.message}` };
    throw err;
  }
  try {
    const op = await createOperator(database.db, { username: args.username, password });
    return { code: 0, out: `Operator "${op.username}" created (id ${op.id}). Log in with POST /api/admin/login.` };
  } catch (err) {
    if (err instanceof OperatorCreateError) return { code: 1, out: `admin:create: ${err.message}` };
    throw err;
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  runAdminCreate(process.argv.slice(2))
    .then(({ code, out }) => {
      (code === 0 ? process.stdout : process.stderr).write(`${out}\n`);
      process.exitCode = code;
    })
    .catch((err: unknown) => {
      process.stderr.write(`admin:create: ${err instanceof Error ? err.message : String(err)}\n`);
      process.exitCode = 1;
    });
}
