/**
 * A small browser for the sign-in tests over HTTP: a cookie jar per host (name=value, as a browser
 * sends them back), redirects followed by hand so each step can be looked at, and the test
 * provider's development sign-in and consent forms filled in.
 */
export class HttpBrowser {
  readonly jar = new Map<string, Map<string, string>>();

  /** `headers`: sent with every request (a proxy's X-Forwarded-For, say). */
  constructor(private readonly headers: Record<string, string> = {}) {}

  cookies(url: string): Map<string, string> {
    const host = new URL(url).host;
    let cookies = this.jar.get(host);
    if (!cookies) this.jar.set(host, (cookies = new Map()));
    return cookies;
  }

  async request(
    url: string,
    init: { method?: string; body?: string; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    const cookies = this.cookies(url);
    const cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(url, {
      method: init.method ?? 'GET',
      redirect: 'manual',
      headers: {
        ...this.headers,
        ...(cookie ? { cookie } : {}),
        ...(init.body !== undefined ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...init.headers,
      },
      body: init.body,
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const [name, ...value] = pair!.trim().split('=');
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a));
      if (expired || value.join('=') === '') cookies.delete(name!);
      else cookies.set(name!, value.join('='));
    }
    return response;
  }

  /** Follows redirects from `url` until an answer that is not one, or until `stopAt` matches. */
  async follow(
    url: string,
    stopAt?: (url: string) => boolean,
  ): Promise<{ url: string; response: Response }> {
    let current = url;
    for (let hops = 0; hops < 20; hops++) {
      if (stopAt?.(current)) return { url: current, response: new Response(null, { status: 204 }) };
      const response = await this.request(current);
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location)
        return { url: current, response };
      await response.arrayBuffer();
      current = new URL(location, current).href;
    }
    throw new Error(`too many redirects from ${url}`);
  }

  /**
   * From the provider's authorization address to the callback address it sends the browser back
   * to (not followed): signs in as `login` and consents.
   */
  async signInAtProvider(authorizationUrl: string, login: string, callbackPrefix: string) {
    const isCallback = (url: string) => url.startsWith(callbackPrefix);
    let step = await this.follow(authorizationUrl, isCallback);
    for (const prompt of ['login', 'consent']) {
      if (isCallback(step.url)) break;
      await step.response.text();
      const form = new URLSearchParams({ prompt, login, password: 'x' });
      const answer = await this.request(step.url, { method: 'POST', body: form.toString() });
      step = await this.follow(new URL(answer.headers.get('location')!, step.url).href, isCallback);
    }
    if (!isCallback(step.url))
      throw new Error(`the provider did not send the browser back: ${step.url}`);
    return step.url;
  }
}
