/**
 * A remote's URL as the editor shows it (never with its user-info: `https://user:token@host/…`
 * shows as `https://host/…`) and the link to open a pull request on GitHub, GitLab or Bitbucket.
 */

interface WebRepo {
  host: 'github' | 'gitlab' | 'bitbucket';
  /** `https://github.com/owner/repo` */
  web: string;
}

/**
 * Whether the remote is a folder of this machine (a path, or `file://`): its address is a path of
 * the machine, which the editor never shows.
 */
export function isLocalRemote(url: string): boolean {
  if (/^file:\/\//i.test(url)) return true;
  return !/^[a-z][a-z0-9+.-]*:\/\//i.test(url) && !/^(?:[^/@:]+@)?[^/:]+:(?!\/)/.test(url);
}

/** The URL without user name, password or token. */
export function displayUrl(url: string): string {
  const scheme = /^([a-z][a-z0-9+.-]*:\/\/)([^/@]*@)?(.*)$/i.exec(url);
  if (scheme) return `${scheme[1]}${scheme[3]}`;
  // scp-like ssh form: user@host:path
  const scp = /^[^/@:]+@([^/:]+:.*)$/.exec(url);
  return scp ? scp[1]! : url;
}

function parse(
  url: string,
): { hostname: string; port: string; path: string; web: boolean } | undefined {
  const scp = /^(?:[^/@:]+@)?([^/:]+):(?!\/)(.+)$/.exec(url);
  if (scp && !/^[a-z][a-z0-9+.-]*:\/\//i.test(url))
    return { hostname: scp[1]!, port: '', path: scp[2]!, web: false };
  try {
    const parsed = new URL(url);
    const web = parsed.protocol === 'https:' || parsed.protocol === 'http:';
    if (!web && parsed.protocol !== 'ssh:' && parsed.protocol !== 'git:') return undefined;
    return {
      hostname: parsed.hostname,
      port: web ? parsed.port : '',
      path: decodeURIComponent(parsed.pathname.replace(/^\//, '')),
      web,
    };
  } catch {
    return undefined;
  }
}

function webRepo(url: string): WebRepo | undefined {
  const parsed = parse(url);
  if (!parsed) return undefined;
  const repoPath = parsed.path.replace(/\/+$/, '').replace(/\.git$/, '');
  if (!/^[\w.-]+(\/[\w.-]+)+$/.test(repoPath)) return undefined;
  const name = parsed.hostname.toLowerCase();
  const host = name.includes('github')
    ? 'github'
    : name.includes('gitlab')
      ? 'gitlab'
      : name.includes('bitbucket')
        ? 'bitbucket'
        : undefined;
  if (!host) return undefined;
  // GitLab keeps subgroups (group/sub/repo); GitHub and Bitbucket have owner/repo only.
  if (host !== 'gitlab' && repoPath.split('/').length !== 2) return undefined;
  const origin = `https://${name}${parsed.port ? `:${parsed.port}` : ''}`;
  return { host, web: `${origin}/${repoPath}` };
}

const q = encodeURIComponent;

/**
 * The page where a pull (merge) request from `branch` into `base` is opened, or undefined for other
 * hosts.
 */
export function pullRequestUrl(
  remoteUrl: string,
  branch: string,
  base: string,
): string | undefined {
  const repo = webRepo(remoteUrl);
  if (!repo) return undefined;
  switch (repo.host) {
    case 'github':
      return `${repo.web}/compare/${base.split('/').map(q).join('/')}...${branch.split('/').map(q).join('/')}?expand=1`;
    case 'gitlab':
      return `${repo.web}/-/merge_requests/new?merge_request%5Bsource_branch%5D=${q(branch)}&merge_request%5Btarget_branch%5D=${q(base)}`;
    case 'bitbucket':
      return `${repo.web}/pull-requests/new?source=${q(branch)}&dest=${q(base)}`;
  }
}
