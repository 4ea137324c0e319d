import { afterEach, describe, expect, it } from 'vitest';
import { fakeGitHub, type FakeGitHub } from '../../src/testing/fake-github.ts';
import { ACTIONS_BOT, pullRequest, upsertComment } from './github.ts';

const REPO = 'owner/project';
const MARKER = '<!-- m -->';
let servers: FakeGitHub[] = [];
afterEach(async () => {
  for (const s of servers) await s.close();
  servers = [];
});

async function github() {
  const s = await fakeGitHub(REPO, 'tok');
  servers.push(s);
  return { s, gh: { api: s.api, token: 'tok' } };
}

describe('the GitHub calls of a preview', () => {
  it('read a pull request’s state and head', async () => {
    const { s, gh } = await github();
    s.pulls.set(7, { number: 7, state: 'open', head: { sha: 'a'.repeat(40), repo: { full_name: 'fork/project' } } });
    expect(await pullRequest(gh, REPO, 7)).toEqual({
      number: 7,
      state: 'open',
      head: { sha: 'a'.repeat(40), repo: { full_name: 'fork/project' } },
    });
    expect(await pullRequest(gh, REPO, 8)).toBeUndefined();
    await expect(pullRequest({ ...gh, token: 'wrong' }, REPO, 7)).rejects.toThrow('HTTP 401');
  });

  it('create the report comment once, then update it in place', async () => {
    const { s, gh } = await github();
    expect(await upsertComment(gh, REPO, 7, MARKER, `${MARKER}\none`)).toBe('created');
    expect(await upsertComment(gh, REPO, 7, MARKER, `${MARKER}\ntwo`)).toBe('updated');
    expect(s.comments.map((c) => [c.issue, c.body])).toEqual([[7, `${MARKER}\ntwo`]]);
  });

  it('update only a comment the workflow wrote, never one a person started with the marker', async () => {
    const { s, gh } = await github();
    s.comments.push({ id: 1, issue: 7, body: `${MARKER}\nfake`, user: { login: 'someone' } });
    expect(await upsertComment(gh, REPO, 7, MARKER, `${MARKER}\nreal`)).toBe('created');
    expect(s.comments.map((c) => [c.user.login, c.body])).toEqual([
      ['someone', `${MARKER}\nfake`],
      [ACTIONS_BOT, `${MARKER}\nreal`],
    ]);
  });

  it('find the comment past the first page of a long conversation', async () => {
    const { s, gh } = await github();
    for (let i = 0; i < 5; i++) s.comments.push({ id: i + 1, issue: 7, body: `c${i}`, user: { login: 'someone' } });
    s.comments.push({ id: 9, issue: 7, body: `${MARKER}\nold`, user: { login: ACTIONS_BOT } });
    expect(await upsertComment(gh, REPO, 7, MARKER, `${MARKER}\nnew`, 2)).toBe('updated');
    expect(s.calls.filter((c) => c.startsWith('GET'))).toHaveLength(3);
    expect(s.comments.find((c) => c.id === 9)!.body).toBe(`${MARKER}\nnew`);
  });
});
