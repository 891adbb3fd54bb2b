import * as client from 'openid-client';
import type { SignInProblem } from '../../engine/errors.ts';
import type { TeamEnvironment } from './environment.ts';
import { isLoopback } from './environment.ts';
import type { Identity } from './members.ts';

/**
 * What a sign-in in progress keeps on the server between the redirect to the provider and its
 * callback: the PKCE verifier, state and nonce, and where to go afterwards.
 */
export interface PendingSignIn {
  state: string;
  nonce: string;
  codeVerifier: string;
  returnTo: string;
  startedAt: number;
}

export class SignInError extends Error {
  constructor(readonly problem: SignInProblem) {
    super(problem);
  }
}

/**
 * OpenID Connect's authorization code flow with PKCE (S256), state and nonce, through openid-client
 * (a certified relying party): the provider's settings from its discovery document, the client
 * authenticated with its secret, the ID token's signature, issuer, audience, nonce and times checked
 * by the library.
 */
export class OidcSignIn {
  private constructor(
    private readonly config: client.Configuration,
    private readonly redirectUri: string,
  ) {}

  static async discover(environment: TeamEnvironment): Promise<OidcSignIn> {
    const insecure =
      environment.issuer.protocol === 'http:' && isLoopback(environment.issuer.hostname);
    const config = await client.discovery(
      environment.issuer,
      environment.clientId,
      undefined,
      client.ClientSecretBasic(environment.clientSecret),
      insecure ? { execute: [client.allowInsecureRequests] } : undefined,
    );
    return new OidcSignIn(config, new URL('/auth/callback', environment.publicUrl).href);
  }

  /** The provider's address to send the browser to, and what the callback will check. */
  async start(returnTo: string, now: number): Promise<{ url: URL; pending: PendingSignIn }> {
    const pending: PendingSignIn = {
      state: client.randomState(),
      nonce: client.randomNonce(),
      codeVerifier: client.randomPKCECodeVerifier(),
      returnTo,
      startedAt: now,
    };
    const url = client.buildAuthorizationUrl(this.config, {
      redirect_uri: this.redirectUri,
      scope: 'openid email profile',
      response_type: 'code',
      code_challenge: await client.calculatePKCECodeChallenge(pending.codeVerifier),
      code_challenge_method: 'S256',
      state: pending.state,
      nonce: pending.nonce,
    });
    return { url, pending };
  }

  /**
   * Who signed in, from the callback's address (code and state) and the pending sign-in it answers:
   * the code exchanged once, the ID token checked, then the user info for what the token lacks.
   */
  async finish(callback: URL, pending: PendingSignIn): Promise<Identity> {
    let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
    try {
      tokens = await client.authorizationCodeGrant(this.config, callback, {
        pkceCodeVerifier: pending.codeVerifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
    } catch (error) {
      throw new SignInError(unreachable(error) ? 'provider-unreachable' : 'refused-by-provider');
    }
    const claims = tokens.claims()!;
    let info: Record<string, unknown> = {};
    try {
      info = await client.fetchUserInfo(this.config, tokens.access_token, claims.sub);
    } catch (error) {
      // Some providers answer user info only for other scopes; the ID token's claims then stand.
      if (unreachable(error)) throw new SignInError('provider-unreachable');
    }
    const claim = (name: string) => info[name] ?? claims[name];
    const email = claim('email');
    if (typeof email !== 'string' || email === '') throw new SignInError('no-verified-email');
    const groups = claim('groups');
    const name = claim('name');
    return {
      subject: claims.sub,
      email,
      emailVerified: claim('email_verified') === true,
      name: typeof name === 'string' && name.trim() ? name.trim() : email,
      groups: Array.isArray(groups) ? groups.filter((g): g is string => typeof g === 'string') : [],
    };
  }
}

/** A failure to reach the provider (network), as opposed to the provider refusing. */
const unreachable = (error: unknown) =>
  error instanceof TypeError || (error as { code?: string })?.code === 'ECONNREFUSED';
