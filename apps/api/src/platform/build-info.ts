import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../config';

/** Written in by the bundler (build.mjs); absent when the sources run under tsx (development, tests). */
declare const __HIRELINE_BUILD__: { version: string; commit: string | null } | undefined;

export interface BuildInfo {
  version: string;
  /** Null when neither the build nor the environment knew the commit. */
  commit: string | null;
}

/**
 * The build this process runs. `GIT_COMMIT` in the environment wins (an image built from a tarball without `.git`
 * sets it); otherwise the commit the bundler read from git; in development, the version from package.json and no
 * commit.
 */
export function buildInfo(gitCommit: string | null): BuildInfo {
  const bundled = typeof __HIRELINE_BUILD__ === 'undefined' ? undefined : __HIRELINE_BUILD__;
  const version = bundled?.version ?? packageVersion();
  const commit = gitCommit ?? bundled?.commit ?? null;
  return { version, commit };
}

function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version?: string };
  return pkg.version ?? '0.0.0';
}
