import type { AddressInfo } from 'node:net';
import { request, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOracleServer } from './server.ts';

// Two answers the probe relies on: an initialize from a 2025 client names the supported versions
// (versioning.mdx …-154), and a raw non-ASCII byte in a recognized Mcp-Param header is refused (…-552).

type Json = Record<string, unknown>;
const V = '2026-07-28';
const META = {
  'io.modelcontextprotocol/protocolVersion': V,
  'io.modelcontextprotocol/clientCapabilities': {},
};

/** POST with node:http, so header strings go out byte for byte (é as 0xE9). */
function post(url: string, body: Json, headers: Record<string, string>): Promise<{ status: number; json: Json }> {
  return new Promise((resolve, reject) => {
    const data = JSON.stringify(body);
    const req = request(
      url,
      { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Json }),
        );
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

describe('2026-07-28 oracle: legacy initialize and raw header bytes', () => {
  let server: Server;
  let url: string;
  beforeAll(async () => {
    server = createOracleServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
  });
  afterAll(() => server.close());

  it('answers a header-less initialize with 400 -32022 listing 2026-07-28, one with the 2026 headers with 404 naming it', async () => {
    const init = { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } };
    const legacy = await post(url, { jsonrpc: '2.0', id: 1, method: 'initialize', params: init }, {});
    expect(legacy.status).toBe(400);
    expect(legacy.json.error).toMatchObject({ code: -32022, data: { supported: [V], requested: '2025-11-25' } });
    const modern = await post(
      url,
      { jsonrpc: '2.0', id: 2, method: 'initialize', params: { _meta: META } },
      { 'MCP-Protocol-Version': V, 'Mcp-Method': 'initialize' },
    );
    expect(modern.status).toBe(404);
    expect(modern.json.error).toMatchObject({ code: -32601 });
    expect((modern.json.error as Json).message).toContain(V);
  });

  it('refuses Mcp-Param-Region carrying é as the byte 0xE9 with 400 -32020, and serves its Base64 form', async () => {
    const args = { region: 'café', priority: 1, query: 'q' };
    const body = {
      jsonrpc: '2.0',
      id: 3,
      method: 'tools/call',
      params: { name: 'route_query', arguments: args, _meta: META },
    };
    const std = {
      'MCP-Protocol-Version': V,
      'Mcp-Method': 'tools/call',
      'Mcp-Name': 'route_query',
      'Mcp-Param-Priority': '1',
    };
    const raw = await post(url, body, { ...std, 'Mcp-Param-Region': 'café' });
    expect([raw.status, (raw.json.error as Json | undefined)?.code]).toEqual([400, -32020]);
    const b64 = `=?base64?${Buffer.from('café', 'utf8').toString('base64')}?=`;
    const ok = await post(url, body, { ...std, 'Mcp-Param-Region': b64 });
    expect(ok.json.result).toMatchObject({ content: [{ type: 'text', text: 'café|1|q' }] });
  });
});
