/**
 * The part of oidc-provider's API the tests use (the package ships no types; its DefinitelyTyped
 * package would be one more dependency for four members).
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface Account {
    accountId: string;
    claims(): Record<string, unknown>;
  }

  export default class Provider {
    constructor(
      issuer: string,
      configuration: {
        clients: Array<Record<string, unknown>>;
        pkce?: { required: () => boolean };
        claims?: Record<string, string[]>;
        cookies?: { keys: string[] };
        findAccount(context: unknown, id: string): Promise<Account | undefined>;
      },
    );
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    on(event: 'server_error', listener: (context: unknown, error: Error) => void): this;
  }
}
