/** Transports a repository may be cloned over. `ext::` (runs commands) is never accepted. */
const SCHEMES = new Set(['https:', 'http:', 'git:', 'ssh:', 'file:']);
/** scp-like `[user@]host:path` (no scheme), as git accepts for ssh. */
const SCP_LIKE = /^(?:[A-Za-z0-9._~-]+@)?[A-Za-z0-9.-]+:(?!\/\/)[^\s]+$/;

export const MAX_REMOTE_URL_LENGTH = 2048;

/**
 * Why `url` is not a remote we clone, or undefined when it is. Accepted: http(s)://,
 * git://, ssh://, file:// URLs and scp-like `user@host:path`. Refused: anything that git
 * could read as an option (leading `-`), control characters or spaces, `ext::` and other
 * transports, plain local paths (write them as file:// URLs).
 */
export function remoteUrlProblem(url: string): string | undefined {
  if (url.length === 0) return 'RemoteURL is empty';
  if (url.length > MAX_REMOTE_URL_LENGTH) return `RemoteURL is longer than ${MAX_REMOTE_URL_LENGTH} characters`;
  if (url.startsWith('-')) return 'RemoteURL must not start with -';
  if (/[\s\x00-\x1f\x7f]/.test(url)) return 'RemoteURL must not contain spaces or control characters';
  if (url.includes('::')) return 'RemoteURL uses a transport that is not accepted (git remote helpers such as ext::)';
  if (/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(url)) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return `RemoteURL '${url}' is not a valid URL`;
    }
    if (!SCHEMES.has(parsed.protocol)) {
      return `RemoteURL scheme ${parsed.protocol.slice(0, -1)} is not accepted; use https, http, git, ssh or file`;
    }
    if (parsed.protocol !== 'file:' && parsed.hostname === '') return 'RemoteURL has no host';
    if (parsed.pathname === '' || parsed.pathname === '/') return 'RemoteURL has no repository path';
    return undefined;
  }
  if (SCP_LIKE.test(url)) return undefined;
  return `RemoteURL '${url}' is not a git remote URL (expected https://, http://, git://, ssh://, file:// or user@host:path)`;
}

/** True for remotes on this machine (file://), whose submodules may also be local. */
export function isLocalRemote(url: string): boolean {
  return url.startsWith('file://');
}

/** The URL without user:password, for messages and logs. */
export function redactRemoteUrl(url: string): string {
  return url.replace(/^([A-Za-z][A-Za-z0-9+.-]*:\/\/)[^/@]*@/, '$1***@');
}
