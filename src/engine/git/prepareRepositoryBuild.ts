import { cpSync, existsSync, readFileSync, realpathSync, rmSync, statSync } from 'node:fs';
import { join, posix, relative } from 'node:path';
import type { Build } from '../../store/builds.js';
import { EngineInputError } from '../errors.js';
import { type Language, languageOf } from '../toolchain/languages.js';
import { type ConfigMk, parseConfigMk } from '../toolchain/parseConfigMk.js';
import { defaultSources } from '../toolchain/prepareSourceTree.js';
import type { JobContext } from '../worker/JobContext.js';
import type { PreparedSources } from '../worker/sourcePreparers.js';
import { cloneRepository } from './cloneRepository.js';
import { normalizeBuildDirectory } from './refNames.js';
import { redactRemoteUrl } from './remoteUrl.js';

/** What a repository build records in its Application.Repository (set by the repositories API). */
export interface RepositoryApplication {
  RepositoryID: string;
  RemoteURL: string;
  Branch: string;
  Commit: string;
  BuildDirectory: string;
  /** Full hash of the commit that was built; set once the clone succeeds. */
  ResolvedCommit?: string;
  [key: string]: unknown;
}

function inputError(message: string): EngineInputError {
  return new EngineInputError('UXK_ERR_REPOSITORY_LAYOUT', message);
}

/** The program's language label: Fortran or C++ when any source is, else C (each file still compiles by its own extension). */
function mainLanguage(sources: readonly string[]): Language {
  const langs = new Set(sources.map(languageOf));
  return langs.has('Fortran') ? 'Fortran' : langs.has('C++') ? 'C++' : 'C';
}

/**
 * The source preparer of `Repository` builds: clones the repository into `<workDir>/repo`
 * at its Branch and Commit with submodules (recording the resolved hash on the build), then
 * compiles BuildDirectory as reference.md section 5 says: config.mk's SOURCES (relative to
 * the build directory), CFLAGS and CXXFLAGS when present, else every C/C++/Fortran file
 * directly in it. The whole checkout is the source tree (so `../common/x.h` includes and
 * SOURCES work) with the build directory on the include path. The `inputs/` folder beside
 * the build directory is copied to `<workDir>/inputs`, where tasks find it.
 */
export async function prepareRepositoryBuild(build: Build, workDir: string, signal: AbortSignal, ctx?: JobContext): Promise<PreparedSources> {
  if (build.Application.Type !== 'Repository') throw new TypeError(`not a repository build: ${build.Application.Type}`);
  const app = build.Application.Repository as RepositoryApplication;
  const dir = normalizeBuildDirectory(app.BuildDirectory);
  if ('problem' in dir) throw inputError(dir.problem);
  const cloneDir = join(workDir, 'repo');
  const { commit } = await cloneRepository({ url: app.RemoteURL, branch: app.Branch, commit: app.Commit, dest: cloneDir, signal });
  // History is not needed to compile; the checkout stays until the build is deleted.
  rmSync(join(cloneDir, '.git'), { recursive: true, force: true });
  await ctx?.transition('Initialising', `cloned ${redactRemoteUrl(app.RemoteURL)} branch ${app.Branch} at commit ${commit}`, {
    application: JSON.stringify({ Type: 'Repository', Repository: { ...app, ResolvedCommit: commit } }),
  });
  const at = `at commit ${commit.slice(0, 12)}`;
  const shown = dir.path === '' ? 'the repository root' : `build directory '${dir.path}'`;
  const buildDir = join(cloneDir, dir.path);
  if (!existsSync(buildDir) || !statSync(buildDir).isDirectory()) throw inputError(`${shown} does not exist ${at}`);
  if (relative(realpathSync(cloneDir), realpathSync(buildDir)).startsWith('..')) throw inputError(`${shown} points outside the repository`);
  const mkPath = join(buildDir, 'config.mk');
  const mk: ConfigMk = existsSync(mkPath) ? parseConfigMk(readFileSync(mkPath, 'utf8')) : {};
  const listed = mk.sources ?? defaultSources(buildDir);
  if (listed.length === 0) {
    throw inputError(mk.sources !== undefined
      ? `config.mk in ${shown} lists no SOURCES ${at}`
      : `${shown} has no C, C++ or Fortran source files ${at}`);
  }
  const sources = listed.map((s) => posix.normalize(posix.join(dir.path, s)));
  const outside = sources.find((s) => s.startsWith('..') || posix.isAbsolute(s));
  if (outside !== undefined) throw inputError(`config.mk SOURCES names a file outside the repository: ${outside}`);
  const inputsSrc = join(cloneDir, posix.dirname(dir.path), 'inputs');
  const inputsDest = join(workDir, 'inputs');
  rmSync(inputsDest, { recursive: true, force: true });
  if (existsSync(inputsSrc) && statSync(inputsSrc).isDirectory()) {
    cpSync(inputsSrc, inputsDest, { recursive: true, verbatimSymlinks: true });
  }
  return {
    language: mainLanguage(sources),
    sourceDir: cloneDir,
    sources,
    ...(dir.path !== '' && { includeDirs: [dir.path] }),
    ...(mk.cflags !== undefined && { cflags: mk.cflags }),
    ...(mk.cxxflags !== undefined && { cxxflags: mk.cxxflags }),
  };
}
