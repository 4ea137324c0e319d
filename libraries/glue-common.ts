// Shared by the client and server glue of every library: the step type of client prompts, how a tool's text is read
// from its CallToolResult, and the scenario's own tool definitions (the prompt's schemas verbatim).
import { readFileSync } from 'node:fs';

/** One tool call of a client prompt's sequence: returns the text of the result's single text content item. */
export type Call = (name: string, args?: Record<string, unknown>, options?: { timeout?: number }) => Promise<string>;

/**
 * What a prompt asks in application terms ("call it once more", "connect once more"): run `first`; if it fails, log
 * why and run `again` once. The failure of `again` is the step's failure.
 */
export async function onceMore<T>(first: () => Promise<T>, again: () => Promise<T>): Promise<T> {
  try {
    return await first();
  } catch (e) {
    console.error(`failed, once more: ${(e as Error).message}`);
    return again();
  }
}

/** The text of a tool result's text item; an error result or no text is a failure of the step (thrown, logged by the caller). */
export function toolText(name: string, result: object): string {
  // The SDKs type their results differently by package (and 1.x adds a legacy `toolResult` shape): read what both share.
  const r = result as { content?: unknown; isError?: unknown };
  const content = (Array.isArray(r.content) ? r.content : []) as { type: string; text?: string }[];
  const item = content.find((c) => c.type === 'text');
  if (r.isError || item?.text === undefined) throw new Error(`${name}: no text result: ${JSON.stringify(r)}`);
  console.error(`${name} → ${item.text}`);
  return item.text;
}

/** The input schema of `tool` in `scenarios/<revision>/<role>/<scenario>.json`: the glue exposes exactly what the prompt lists. */
export function scenarioToolSchema(
  revision: string,
  role: string,
  scenario: string,
  tool: string,
): Record<string, unknown> {
  const file = new URL(`../scenarios/${revision}/${role}/${scenario}.json`, import.meta.url);
  const s = JSON.parse(readFileSync(file, 'utf8')) as {
    tools: { name: string; inputSchema: Record<string, unknown> }[];
  };
  const t = s.tools.find((x) => x.name === tool);
  if (!t) throw new Error(`${file.pathname}: no tool "${tool}"`);
  return t.inputSchema;
}
