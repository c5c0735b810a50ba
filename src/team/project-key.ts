import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * What names a project across machines: its git remote, not its local
 * path. `git@github.com:Org/Shop.git`, `https://me@github.com/org/shop`
 * and `ssh://git@github.com:22/org/shop.git` are one project:
 * "github.com/org/shop". Pure.
 */
export function normalizeRemote(url: string): string | undefined {
  let u = url.trim();
  if (!u) return undefined;
  // scp-like syntax: user@host:path (no scheme, a colon before any slash).
  const scp = /^(?:[^@/]+@)?([^:/]+):(?!\/)(.+)$/.exec(u);
  if (scp && !/^[a-z][a-z0-9+.-]*:\/\//i.test(u)) u = `ssh://${scp[1]}/${scp[2]}`;
  let host: string;
  let path: string;
  try {
    const parsed = new URL(u);
    if (parsed.protocol === 'file:') {
      host = 'file';
      path = parsed.pathname;
    } else {
      host = parsed.hostname;
      path = parsed.pathname;
    }
  } catch {
    // A bare local path used as a remote.
    if (!u.startsWith('/')) return undefined;
    host = 'file';
    path = u;
  }
  const clean = path.replace(/\/+$/, '').replace(/\.git$/i, '').replace(/^\/+/, '');
  if (!clean) return undefined;
  return `${host.toLowerCase()}/${clean.toLowerCase()}`;
}

/** The url of remote "origin" (or the first remote) in a git config file's text. Pure. */
export function remoteUrlOf(gitConfig: string): string | undefined {
  let section = '';
  const urls = new Map<string, string>();
  for (const raw of gitConfig.split('\n')) {
    const line = raw.trim();
    const head = /^\[\s*remote\s+"([^"]+)"\s*\]$/.exec(line);
    if (head) {
      section = head[1] ?? '';
      continue;
    }
    if (line.startsWith('[')) {
      section = '';
      continue;
    }
    const kv = /^url\s*=\s*(.+)$/.exec(line);
    if (section && kv && !urls.has(section)) urls.set(section, (kv[1] ?? '').trim());
  }
  return urls.get('origin') ?? [...urls.values()][0];
}

/** The project's key for the team store, from `<root>/.git/config`; undefined when it has no remote. */
export function projectKey(projectRoot: string): string | undefined {
  let text: string;
  try {
    text = readFileSync(join(projectRoot, '.git', 'config'), 'utf8');
  } catch {
    return undefined;
  }
  const url = remoteUrlOf(text);
  return url ? normalizeRemote(url) : undefined;
}
