// The id our reference servers echo when they refuse a request at the HTTP level (a missing or expired session, a bad
// version header, a wrong path): the strictest reading of 251125-basic-89 and 260728-basic-103 holds every error
// response to a readable request to its id (issue 30: our peers meet the strictest reading).

/**
 * The id of a message a server can read as a request: a JSON object with `jsonrpc: "2.0"`, a string method and an id
 * the schema's RequestId allows (a string or an integer), else undefined (no id to echo).
 */
export function readableId(msg: unknown): string | number | undefined {
  if (typeof msg !== 'object' || msg === null || Array.isArray(msg)) return undefined;
  const m = msg as Record<string, unknown>;
  if (m.jsonrpc !== '2.0' || typeof m.method !== 'string') return undefined;
  return typeof m.id === 'string' || Number.isInteger(m.id) ? (m.id as string | number) : undefined;
}
