// The few GitHub REST calls a pull request's preview needs: the pull request (to check a preview run against it) and
// the report comment, found and updated or else created. Plain fetch: three endpoints do not justify a client library.
import { z } from 'zod';
import { McpfsError } from '../../src/bench/errors.ts';

/** Where the API is (`GITHUB_API_URL` on a runner; a loopback server in tests) and the token to call it with. */
export interface GitHubClient {
  api: string;
  token: string;
}

/** A call GitHub refused (`status`: its HTTP status) or answered with something else than its documented shape. */
export class GitHubError extends McpfsError {
  readonly status?: number;
  constructor(message: string, status?: number) {
    super(message);
    if (status !== undefined) this.status = status;
  }
}

/** `owner/name`, as GitHub spells a repository (GITHUB_REPOSITORY). */
export const REPO_RE = /^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/;

async function call<T extends z.ZodType>(
  gh: GitHubClient,
  method: 'GET' | 'POST' | 'PATCH',
  path: string,
  schema: T,
  body?: unknown,
): Promise<z.infer<T>> {
  const res = await fetch(`${gh.api.replace(/\/+$/, '')}${path}`, {
    method,
    headers: {
      accept: 'application/vnd.github+json',
      authorization: `Bearer ${gh.token}`,
      'user-agent': 'mcp-from-scratch-preview',
      'x-github-api-version': '2022-11-28',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (!res.ok) throw new GitHubError(`${method} ${path}: HTTP ${res.status}: ${text.slice(0, 300)}`, res.status);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new GitHubError(`${method} ${path}: answer is not JSON: ${JSON.stringify(text.slice(0, 200))}`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success)
    throw new GitHubError(
      `${method} ${path}: unexpected answer: ${parsed.error.issues.map((i) => i.message).join('; ')}`,
    );
  return parsed.data;
}

const PullSchema = z.object({
  number: z.int(),
  state: z.string(),
  head: z.object({ sha: z.string(), repo: z.object({ full_name: z.string() }).nullable() }),
});
export type PullRequest = z.infer<typeof PullSchema>;

/**
 * A pull request of `repo`: its state and head (commit and repository; the repository is null once a fork is gone), or
 * `undefined` when there is none by that number.
 */
export async function pullRequest(gh: GitHubClient, repo: string, pr: number): Promise<PullRequest | undefined> {
  try {
    return await call(gh, 'GET', `/repos/${repo}/pulls/${pr}`, PullSchema);
  } catch (e) {
    if (e instanceof GitHubError && e.status === 404) return undefined;
    throw e;
  }
}

const CommentSchema = z.object({
  id: z.int(),
  body: z.string().nullish(),
  user: z.object({ login: z.string() }).nullable(),
});

/** The author GitHub gives a comment made with a workflow's own token. */
export const ACTIONS_BOT = 'github-actions[bot]';

/**
 * Update the workflow's own comment on pull request `pr` that starts with `marker`, or create one. Only a comment the
 * workflow's token wrote counts: anyone can post a comment starting with the marker, and the token may not edit it.
 */
export async function upsertComment(
  gh: GitHubClient,
  repo: string,
  pr: number,
  marker: string,
  body: string,
  perPage = 100,
): Promise<'created' | 'updated'> {
  for (let page = 1; ; page++) {
    const comments = await call(
      gh,
      'GET',
      `/repos/${repo}/issues/${pr}/comments?per_page=${perPage}&page=${page}`,
      z.array(CommentSchema),
    );
    const own = comments.find((c) => c.user?.login === ACTIONS_BOT && (c.body ?? '').startsWith(marker));
    if (own) {
      await call(gh, 'PATCH', `/repos/${repo}/issues/comments/${own.id}`, z.object({ id: z.int() }), { body });
      return 'updated';
    }
    if (comments.length < perPage) break;
  }
  await call(gh, 'POST', `/repos/${repo}/issues/${pr}/comments`, z.object({ id: z.int() }), { body });
  return 'created';
}
