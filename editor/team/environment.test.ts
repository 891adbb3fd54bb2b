import { describe, expect, it } from 'vitest';
import { readTeamEnvironment } from './environment.ts';

const good = {
  OIDC_ISSUER: 'https://sso.example.com/realms/marketing',
  OIDC_CLIENT_ID: 'page-editor',
  OIDC_CLIENT_SECRET: 's3cret',
  EDITOR_PUBLIC_URL: 'https://edit.example.com',
};
const problems = (env: Record<string, string | undefined>) => {
  const read = readTeamEnvironment(env);
  return 'errors' in read ? read.errors : [];
};

describe('the team editor’s environment', () => {
  it('reads a good one, with the defaults', () => {
    const read = readTeamEnvironment(good);
    expect(read).toMatchObject({
      settings: { idleMinutes: 120, absoluteHours: 12, trustProxy: false, clientId: 'page-editor' },
    });
  });

  it.each([
    ['http://127.0.0.1:8080', []],
    ['http://localhost:8080', []],
    ['http://[::1]:8080', []],
    ['http://127.1.2.3', []],
    ['http://sso.example.com', ['OIDC_ISSUER must start with https']],
    ['http://10.0.0.1', ['OIDC_ISSUER must start with https']],
    ['ftp://sso.example.com', ['OIDC_ISSUER must start with https']],
    ['sso.example.com', ['OIDC_ISSUER is not an address']],
    ['https://user:pw@sso.example.com', ['OIDC_ISSUER must be an origin only']],
  ])('issuer %s', (issuer, expected) => {
    const found = problems({ ...good, OIDC_ISSUER: issuer });
    expect(found.map((p) => p.split(' (')[0]!.split(':')[0])).toEqual(expected);
  });

  it('refuses a public URL with a path, an unknown proxy setting and bad numbers, all at once', () => {
    expect(
      problems({
        ...good,
        EDITOR_PUBLIC_URL: 'https://edit.example.com/editor',
        EDITOR_TRUST_PROXY: 'yes',
        SESSION_IDLE_MINUTES: '0',
        SESSION_MAX_HOURS: 'ten',
      }),
    ).toEqual([
      'EDITOR_PUBLIC_URL must be an origin only (scheme, host and port, no path, query or fragment): "https://edit.example.com/editor".',
      'SESSION_IDLE_MINUTES must be a whole number greater than zero, not "0".',
      'SESSION_MAX_HOURS must be a whole number greater than zero, not "ten".',
      'EDITOR_TRUST_PROXY must be true or false, not "yes".',
    ]);
  });

  it('listens on 127.0.0.1 unless EDITOR_LISTEN_ADDRESS names another IP address', () => {
    const at = (value?: string) => {
      const read = readTeamEnvironment({ ...good, EDITOR_LISTEN_ADDRESS: value });
      return 'settings' in read ? read.settings.listenAddress : read.errors;
    };
    expect(at()).toBe('127.0.0.1');
    expect(at('0.0.0.0')).toBe('0.0.0.0');
    expect(at('::')).toBe('::');
    expect(at('all')).toEqual([
      'EDITOR_LISTEN_ADDRESS must be an IP address to listen on, e.g. 127.0.0.1 (0.0.0.0 inside a container), not "all".',
    ]);
  });

  it('names every missing variable with an example', () => {
    expect(problems({})).toEqual([
      'The environment variable OIDC_ISSUER is not set. Set it, e.g. OIDC_ISSUER=https://sso.example.com/realms/marketing.',
      'The environment variable OIDC_CLIENT_ID is not set. Set it, e.g. OIDC_CLIENT_ID=page-editor.',
      'The environment variable OIDC_CLIENT_SECRET is not set. Set it, e.g. OIDC_CLIENT_SECRET=<the secret the provider gave>.',
      'The environment variable EDITOR_PUBLIC_URL is not set. Set it, e.g. EDITOR_PUBLIC_URL=https://edit.example.com.',
    ]);
  });
});
