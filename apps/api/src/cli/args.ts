import { resolve } from 'node:path';
import { parseArgs } from 'node:util';

/**
 * A folder argument of an npm script. npm runs the workspace's script in apps/api, so a relative path is taken from
 * where the operator typed the command (INIT_CWD), as they would expect.
 */
export function folderArg(name: 'to' | 'from', usage: string): { folder: string; force: boolean } {
  const { values } = parseArgs({ options: { [name]: { type: 'string' }, force: { type: 'boolean', default: false } }, strict: true });
  const given = values[name];
  if (typeof given !== 'string' || !given) {
    console.error(usage);
    process.exit(2);
  }
  return { folder: resolve(process.env.INIT_CWD ?? process.cwd(), given), force: values.force === true };
}
