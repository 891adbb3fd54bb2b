import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

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
