/**
 * Why `branch` is not a branch name git accepts (a subset of git check-ref-format), or
 * undefined. Leading `-` is refused so that a name can never be read as an option.
 */
export function branchProblem(branch: string): string | undefined {
  if (branch.length === 0) return 'Branch is empty';
  if (branch.length > 255) return 'Branch is longer than 255 characters';
  if (branch.startsWith('-')) return 'Branch must not start with -';
  if (/[\s\x00-\x1f\x7f~^:?*[\\]/.test(branch)) return `Branch '${branch}' contains a character git does not allow in branch names`;
  if (branch.includes('..') || branch.includes('//') || branch.includes('@{')) return `Branch '${branch}' is not a valid branch name`;
  if (branch.startsWith('/') || branch.endsWith('/') || branch.endsWith('.') || branch.endsWith('.lock') || branch === '@') {
    return `Branch '${branch}' is not a valid branch name`;
  }
  if (branch.split('/').some((part) => part.startsWith('.'))) return `Branch '${branch}' has a component starting with .`;
  return undefined;
}

/** `HEAD` (the tip of the branch) or a full or abbreviated commit hash (4 to 64 hex digits). */
export function commitProblem(commit: string): string | undefined {
  if (commit === 'HEAD' || /^[0-9a-fA-F]{4,64}$/.test(commit)) return undefined;
  return `Commit '${commit}' must be HEAD or a commit hash (4 to 64 hexadecimal digits)`;
}

/**
 * The build directory as a clean relative path ('' for the repository root), or a problem
 * message: absolute paths and `..` components are refused.
 */
export function normalizeBuildDirectory(dir: string): { path: string } | { problem: string } {
  if (dir.length > 1024) return { problem: 'BuildDirectory is longer than 1024 characters' };
  if (/[\x00-\x1f\x7f\\]/.test(dir)) return { problem: 'BuildDirectory contains a control character or a backslash' };
  if (dir.startsWith('/')) return { problem: 'BuildDirectory must be relative to the repository root' };
  const parts = dir.split('/').filter((p) => p !== '' && p !== '.');
  if (parts.includes('..')) return { problem: 'BuildDirectory must stay inside the repository (no .. components)' };
  if (parts.some((p) => p === '.git')) return { problem: 'BuildDirectory must not be inside .git' };
  return { path: parts.join('/') };
}
