/** `races.md`: every race, with the order that shows it and a command that replays exactly that order. */
import type { RunResults } from '../model.js';
import { inlineCode, markdownText } from './cells.js';
import { actualText, location, replayTarget, stepsWithOutcome } from './rows.js';
import type { Reporter, ReportContext } from './types.js';

/**
 * One section per race: where it is, the batch and the interleaving under which the verdict
 * differed from the canonical order's, and the replay command.
 * @returns Markdown ending with one newline
 */
export function renderRaces(results: RunResults, ctx: ReportContext): string {
  const races = stepsWithOutcome(results, ['race']);
  const out = ['# Races', '', `Guard: ${inlineCode(results.guard)}`, '', `Races: ${races.length}`, ''];
  if (races.length === 0) {
    out.push('None: every batch gave the same verdicts, and the same verdicts after it, under every order explored.');
    return `${out.join('\n')}\n`;
  }
  for (const j of races) {
    out.push(`## ${markdownText(j.scenario.id)} [${j.scenario.mode}]`, '');
    out.push(`- at: ${inlineCode(location(j))} (${inlineCode(j.step.path)}, ${inlineCode(j.step.call)})`);
    if (j.step.interleaving) out.push(`- batch: ${inlineCode(j.step.interleaving.batch)}, order: ${inlineCode(j.step.interleaving.order)}`);
    out.push(`- canonical verdict: ${inlineCode(actualText(j.step))}; label: ${inlineCode(j.step.expected)}`);
    if (j.step.detail) out.push(`- ${markdownText(j.step.detail)}`);
    out.push(`- replay: ${inlineCode(ctx.replayCommand(replayTarget(j)))}`, '');
  }
  return `${out.join('\n')}\n`;
}

export const racesReporter = {
  file: 'races.md',
  render: (results: RunResults, ctx: ReportContext): string => renderRaces(results, ctx),
} as const satisfies Reporter;
