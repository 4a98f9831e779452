/**
 * A `fetch` that keeps cookies like a browser profile does (Node's fetch keeps none): what the
 * server tests and `npm run bench:sync` use to be one signed-in device each.
 */
export function cookieFetch(): typeof fetch {
  const jar = new Map<string, string>();
  return async (input, init = {}) => {
    const headers = new Headers(init.headers);
    if (jar.size > 0) {
      headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    }
    const response = await fetch(input, { ...init, headers });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) jar.delete(name);
      else jar.set(name, value);
    }
    return response;
  };
}
