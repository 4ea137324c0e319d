// axeViolations runs the WCAG tags and the best-practice rules in one pass: a page breaking one rule of each kind
// reports both, and a clean page reports nothing (the site's accessibility tests are only as good as this).
import { existsSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, EXTRA_RULES } from './axe.ts';
import { CHROMIUM, HEADLESS_ARGS } from './chromium.ts';

const page = (body: string) =>
  `<!doctype html><html lang="en"><head><title>axe check</title></head><body><main>${body}</main></body></html>`;

describe.skipIf(!existsSync(CHROMIUM))('axeViolations', () => {
  let browser: Browser;
  beforeAll(async () => {
    const { chromium } = await import('playwright-core');
    browser = await chromium.launch({ executablePath: CHROMIUM, args: [...HEADLESS_ARGS] });
  });
  afterAll(async () => browser.close());

  const violations = async (html: string) => {
    const tab = await browser.newPage();
    try {
      await tab.setContent(html);
      return await axeViolations(tab, 'fixture');
    } finally {
      await tab.close();
    }
  };

  it('reports a WCAG rule and a best-practice rule broken on one page, each with its target', async () => {
    const lines = await violations(page('<h1>Title</h1><h3>skips a level</h3><img src="x.png">'));
    expect(lines.some((l) => l.includes('image-alt') && l.includes('["img"]'))).toBe(true);
    expect(EXTRA_RULES).toContain('heading-order');
    expect(lines.some((l) => l.includes('heading-order'))).toBe(true);
  });

  it('reports a page without a level-one heading (a best-practice rule only)', async () => {
    const lines = await violations(page('<h2>No title heading</h2><p>text</p>'));
    expect(lines.map((l) => l.split('  ')[1]?.split(' ')[0])).toEqual(['page-has-heading-one']);
  });

  it('reports nothing on a clean page', async () => {
    expect(await violations(page('<h1>Title</h1><h2>Section</h2><p>Plain text.</p>'))).toEqual([]);
  });
});
