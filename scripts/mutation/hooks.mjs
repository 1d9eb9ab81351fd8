/**
 * Module resolution for the mutation worker. A module of the slot's `dist/` imported as
 * `…/x.js?m=N&f=core/y.js` (mutant N, placed in `core/y.js`) imports each of its own dependencies
 * in `dist/` whose imports reach `core/y.js` as `…/z.js?m=N&f=core/y.js` too: a fresh copy, read
 * from disk as the mutant left it. A dependency that cannot reach the mutated file is imported as
 * itself, once per process: it is the unmutated code whatever the mutant, so its compiled code and
 * its caches (a classification kept by content) carry over from one mutant to the next, as they
 * would in a host. Libraries outside `dist/` (yaml, …) are loaded once.
 */
import { readFileSync } from 'node:fs';
import { URL, URLSearchParams, fileURLToPath } from 'node:url';

let dist = '';

export function initialize(data) {
  dist = data.dist;
}

/** The `dist/` modules a module imports for their values (`import type` is erased by tsc). */
const importsOf = new Map();
function importsOfModule(url) {
  let v = importsOf.get(url);
  if (v === undefined) {
    const text = readFileSync(fileURLToPath(url), 'utf8');
    // Either quote: a missed import would share a module that does reach the mutant (a false survivor).
    v = [...text.matchAll(/^(?:import|export)\s[^;]*?\sfrom\s+(['"])(\.{1,2}\/[^'"]+)\1/gm)].map((m) => new URL(m[2], url).href);
    // `import './x.js'` for its effects alone.
    for (const m of text.matchAll(/^import\s+(['"])(\.{1,2}\/[^'"]+)\1/gm)) v.push(new URL(m[2], url).href);
    importsOf.set(url, v);
  }
  return v;
}

/** Whether `url` is `target` or imports it, directly or through other modules (cycles included). */
const reachCache = new Map();
function reaches(url, target) {
  const key = `${url}\n${target}`;
  let v = reachCache.get(key);
  if (v === undefined) {
    const seen = new Set([url]);
    const todo = [url];
    v = false;
    while (todo.length > 0 && !v) {
      for (const u of importsOfModule(todo.pop())) {
        if (u === target) v = true;
        else if (!seen.has(u)) {
          seen.add(u);
          todo.push(u);
        }
      }
    }
    v ||= url === target;
    reachCache.set(key, v);
  }
  return v;
}

export async function resolve(specifier, context, next) {
  const r = await next(specifier, context);
  const parent = context.parentURL;
  if (parent === undefined || !r.url.startsWith(dist) || r.url.includes('?')) return r;
  const q = parent.indexOf('?m=');
  if (q < 0 || !parent.startsWith(dist)) return r;
  const query = parent.slice(q);
  const mutated = new URLSearchParams(query.slice(1)).get('f');
  return mutated !== null && !reaches(r.url, dist + mutated) ? r : { ...r, url: r.url + query };
}
