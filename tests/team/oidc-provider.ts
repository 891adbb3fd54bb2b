import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { readTeamEnvironment, type TeamEnvironment } from '../../editor/team/environment.ts';

/** A person the test provider knows, by the login typed into its (development) sign-in form. */
export interface TestAccount {
  email: string;
  email_verified: boolean;
  name: string;
  groups?: string[];
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider (oidc-provider) in this process on 127.0.0.1, with one
 * confidential client whose redirect URI is `redirectUri`, PKCE required, and `accounts` as its
 * users (a login that is not one of them is refused).
 */
export async function startTestProvider(
  redirectUri: string,
  accounts: Record<string, TestAccount>,
): Promise<TestProvider> {
  const http: Server = createServer();
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const clientId = 'page-editor';
  const clientSecret = 'a-test-secret-of-the-page-editor-client';
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    pkce: { required: () => true },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'groups'],
    },
    cookies: { keys: ['test-cookie-key-of-the-provider'] },
    async findAccount(_ctx, id) {
      const account = accounts[id];
      if (!account) return undefined;
      return { accountId: id, claims: () => ({ sub: id, ...account }) };
    },
  });
  // The provider's own development sign-in form prints a warning per start: not a test failure.
  provider.on('server_error', (_ctx, error) => console.error(error));
  http.on('request', provider.callback());
  return {
    issuer,
    clientId,
    clientSecret,
    async close() {
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

/** A port free on 127.0.0.1 now (the team server's address must be known before it starts). */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/**
 * The team server's settings as `npm run team` reads them from its environment, for `provider` and
 * the public address `base` (plus any other variable in `extra`).
 */
export function teamSettingsFor(
  provider: TestProvider,
  base: string,
  extra: Record<string, string> = {},
): TeamEnvironment {
  const read = readTeamEnvironment({
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_CLIENT_SECRET: provider.clientSecret,
    EDITOR_PUBLIC_URL: base,
    ...extra,
  });
  if (!('settings' in read)) throw new Error(read.errors.join('\n'));
  return read.settings;
}
