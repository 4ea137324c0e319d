import { type XmcpConfig } from 'xmcp';

// The Express adapter (docs: Adapters → Express): `xmcp build` bundles the tools under tools/ into .xmcp/adapter,
// whose xmcpHandler ../server.ts mounts on its own Express app listening on $PORT. The standalone `http` server
// takes its port from this file at build time (default 3001), which a trial's port is not known at.
const config: XmcpConfig = {
  http: true,
  experimental: { adapter: 'express' },
  paths: { tools: 'tools', prompts: false, resources: false },
};

export default config;
