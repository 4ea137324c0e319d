import { fail, pass, type Judge } from '../../types.ts';
import { show, toolCalls } from './view.ts';

/**
 * Task of every client-role scenario, both revisions: the client called `submit_answer` with exactly the secret that `get_secret` returned in this trial (the
 * reference server draws a fresh secret per start), and the server accepted it. Decided from the wire alone.
 */
export const secretSubmitted: Judge = ({ exchanges }) => {
  const calls = toolCalls(exchanges);
  const secrets = calls
    .filter((c) => c.name === 'get_secret')
    .flatMap((c) => (c.answer && !c.answer.isError ? c.answer.texts : []));
  const source = calls.filter((c) => c.name === 'get_secret').map((c) => c.x);
  if (secrets.length === 0)
    return fail(calls.length === 0 ? 'no tools/call observed' : 'no get_secret result reached the client', source);
  const submits = calls.filter((c) => c.name === 'submit_answer');
  if (submits.length === 0) return fail('submit_answer was never called', source);
  const right = submits.find(
    (c) => typeof c.args.answer === 'string' && secrets.includes(c.args.answer) && c.answer && !c.answer.isError,
  );
  if (right)
    return pass(`submit_answer (x${right.x}) carried the secret from get_secret and was accepted`, [
      ...source,
      right.x,
    ]);
  const last = submits.at(-1)!;
  const matches = typeof last.args.answer === 'string' && secrets.includes(last.args.answer);
  return fail(
    matches
      ? `submit_answer (x${last.x}) carried the secret but got no successful result`
      : `submit_answer (x${last.x}) carried ${show(last.args.answer)}, not the secret get_secret returned`,
    [...source, ...submits.map((c) => c.x)],
  );
};
