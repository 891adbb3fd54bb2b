import { isIP } from 'node:net';
import { teamServerMessages } from '../../engine/errors.ts';

/**
 * The team editor's settings that are secrets or belong to the machine, read from the environment
 * (12-factor): each one refused in words at start when missing or malformed, never at the first
 * sign-in.
 */
export interface TeamEnvironment {
  /** The OpenID Connect issuer (its discovery document is at /.well-known/openid-configuration). */
  issuer: URL;
  clientId: string;
  clientSecret: string;
  /** The editor's public origin: the redirect URI's and the cookie's. */
  publicUrl: URL;
  /** A session ends after this long without a request… */
  idleMinutes: number;
  /** …and at the latest this long after sign-in. */
  absoluteHours: number;
  /** A workspace nobody used for this long, holding nothing unpublished, is removed. */
  workspaceIdleDays: number;
  /**
   * The published branch is fetched this often, so that a change of the team or the settings
   * pushed from outside the editor (a removed member) takes effect without waiting for a publish.
   */
  followSeconds: number;
  /**
   * Read the client's address from the last entry of X-Forwarded-For (behind Caddy or nginx);
   * otherwise every request would seem to come from the proxy.
   */
  trustProxy: boolean;
  /**
   * The address the server listens on: 127.0.0.1 unless EDITOR_LISTEN_ADDRESS says otherwise
   * (0.0.0.0 inside a container, where the port is published to the host's loopback or proxy).
   */
  listenAddress: string;
}

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/** `127.0.0.0/8`, `::1` and `localhost`: the only hosts plain http is accepted for. */
export function isLoopback(hostname: string): boolean {
  if (LOOPBACK_NAMES.has(hostname)) return true;
  return isIP(hostname) === 4 && hostname.startsWith('127.');
}

const EXAMPLES = {
  OIDC_ISSUER: 'https://sso.example.com/realms/marketing',
  OIDC_CLIENT_ID: 'page-editor',
  OIDC_CLIENT_SECRET: '<the secret the provider gave>',
  EDITOR_PUBLIC_URL: 'https://edit.example.com',
};

function address(
  name: string,
  value: string,
  originOnly: boolean,
  errors: string[],
): URL | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    errors.push(teamServerMessages.notAUrl(name, value));
    return undefined;
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopback(url.hostname))) {
    errors.push(teamServerMessages.notHttps(name, value));
    return undefined;
  }
  if (
    url.username ||
    url.password ||
    url.search ||
    url.hash ||
    (originOnly && url.pathname !== '/')
  ) {
    errors.push(teamServerMessages.hasPathOrQuery(name, value));
    return undefined;
  }
  return url;
}

function wholeNumber(
  env: Record<string, string | undefined>,
  name: string,
  fallback: number,
  errors: string[],
): number {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  if (/^[1-9][0-9]{0,6}$/.test(value)) return Number(value);
  errors.push(teamServerMessages.badNumber(name, value));
  return fallback;
}

/** The settings, or every problem with them (all of them at once, not one per start). */
export function readTeamEnvironment(
  env: Record<string, string | undefined>,
): { settings: TeamEnvironment } | { errors: string[] } {
  const errors: string[] = [];
  const required = (name: keyof typeof EXAMPLES) => {
    const value = env[name]?.trim();
    if (!value) errors.push(teamServerMessages.missing(name, EXAMPLES[name]));
    return value ?? '';
  };
  const issuerText = required('OIDC_ISSUER');
  const clientId = required('OIDC_CLIENT_ID');
  const clientSecret = required('OIDC_CLIENT_SECRET');
  const publicText = required('EDITOR_PUBLIC_URL');
  const issuer = issuerText ? address('OIDC_ISSUER', issuerText, false, errors) : undefined;
  const publicUrl = publicText ? address('EDITOR_PUBLIC_URL', publicText, true, errors) : undefined;
  const idleMinutes = wholeNumber(env, 'SESSION_IDLE_MINUTES', 120, errors);
  const absoluteHours = wholeNumber(env, 'SESSION_MAX_HOURS', 12, errors);
  const workspaceIdleDays = wholeNumber(env, 'WORKSPACE_IDLE_DAYS', 14, errors);
  const followSeconds = wholeNumber(env, 'TEAM_FOLLOW_SECONDS', 60, errors);
  const proxy = env.EDITOR_TRUST_PROXY ?? 'false';
  if (proxy !== 'true' && proxy !== 'false')
    errors.push(teamServerMessages.badChoice('EDITOR_TRUST_PROXY', proxy, ['true', 'false']));
  const listenAddress = env.EDITOR_LISTEN_ADDRESS?.trim() || '127.0.0.1';
  if (!isIP(listenAddress))
    errors.push(teamServerMessages.notAnIpAddress('EDITOR_LISTEN_ADDRESS', listenAddress));
  if (errors.length || !issuer || !publicUrl) return { errors };
  return {
    settings: {
      issuer,
      clientId,
      clientSecret,
      publicUrl,
      idleMinutes,
      absoluteHours,
      workspaceIdleDays,
      followSeconds,
      trustProxy: proxy === 'true',
      listenAddress,
    },
  };
}
