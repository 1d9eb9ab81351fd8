/**
 * scripts/label-skeleton.mjs: a set-1 skeleton for a catalog, optionally tagged as a held-out part
 * (`--held-out` for the first, `--held-out=<tag>` for a later one); a wrong flag is a usage error.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const skeleton = (...args: string[]): { code: number | null; out: string; err: string } => {
  const r = spawnSync(process.execPath, ['scripts/label-skeleton.mjs', ...args], { encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
};

describe('label-skeleton', () => {
  it('tags every scenario with the held-out part it names, and says so in the header', () => {
    const r = skeleton('mcp-telegram', '--held-out=held-out-4');
    expect(r.code).toBe(0);
    expect(r.out).toContain('Held out (`held-out-4`)');
    const tags = r.out.split('\n').filter((l) => l.trim().startsWith('tags:'));
    expect(tags).toHaveLength(5);
    for (const t of tags) expect(t.trim()).toBe('tags: [classification, mcp, corpus, mcp-telegram, held-out-4]');
  });

  it('`--held-out` alone is the first part, and no flag tags none', () => {
    expect(skeleton('mcp-telegram', '--held-out').out).toContain('tags: [classification, mcp, corpus, mcp-telegram, held-out]');
    const plain = skeleton('mcp-telegram').out;
    expect(plain).toContain('tags: [classification, mcp, corpus, mcp-telegram]');
    expect(plain).not.toContain('Held out');
  });

  it('a tag that is no slug, or two flags, is a usage error (exit 2)', () => {
    for (const args of [['--held-out=Held Out'], ['--held-out', '--held-out=x'], ['--tag=x']]) {
      const r = skeleton('mcp-telegram', ...args);
      expect(r.code).toBe(2);
      expect(r.err).toContain('usage: node scripts/label-skeleton.mjs <catalog name> [--held-out[=<tag>]]');
      expect(r.out).toBe('');
    }
  });
});
