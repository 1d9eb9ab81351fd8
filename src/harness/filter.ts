/** Selecting scenarios: `--only <id glob>` and `--tag <t>`. */
import type { Scenario } from './model.js';

/**
 * An id glob as a RegExp: `*` matches within one `/` segment, `**` across segments, `?` one
 * character; everything else is literal. `set-2/**` selects a whole set.
 */
export function idGlob(glob: string): RegExp {
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i] as string;
    if (c === '*' && glob[i + 1] === '*') {
      re += '.*';
      i++;
    } else if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else re += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}

/** The scenarios matching every given filter (a glob on the id, a tag). */
export function selectScenarios(scenarios: readonly Scenario[], filters: { only?: string; tag?: string }): Scenario[] {
  const re = filters.only !== undefined ? idGlob(filters.only) : undefined;
  return scenarios.filter((s) => (re === undefined || re.test(s.id)) && (filters.tag === undefined || s.tags.includes(filters.tag)));
}
