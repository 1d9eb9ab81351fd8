/**
 * Module resolution for the mutation worker: a module of the slot's `dist/` imported as
 * `…/x.js?m=N` imports its own dependencies in `dist/` as `…/y.js?m=N` too. Each mutant then gets a
 * fresh copy of the guard's module graph, read from disk as the mutant left it, in a process that
 * stays up; libraries outside `dist/` (yaml, …) are loaded once.
 */
let dist = '';

export function initialize(data) {
  dist = data.dist;
}

export async function resolve(specifier, context, next) {
  const r = await next(specifier, context);
  const parent = context.parentURL;
  if (parent === undefined || !r.url.startsWith(dist) || r.url.includes('?')) return r;
  const q = parent.indexOf('?m=');
  return q < 0 || !parent.startsWith(dist) ? r : { ...r, url: r.url + parent.slice(q) };
}
