// Starts a NestJS (Express) app with an @rekog/mcp-nest `McpStrategy` as a microservice, as the README's Quick Start
// shows: `NestFactory.create(AppModule)`, `mcp.setHttpAdapter(app.getHttpAdapter())`, `app.connectMicroservice({
// strategy: mcp })`, `startAllMicroservices()` before `listen()`. The module and tools are written without decorator
// syntax (Node runs this file with type stripping, which has no decorators): the module is `Module({})` applied as a
// function, and tools are registered with the strategy's documented `registerTool` (docs/dynamic-capabilities.md).
import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MCP_STRATEGY, type McpStrategy } from '@rekog/mcp-nest';

export async function serve(mcp: McpStrategy, label: string): Promise<void> {
  const port = Number(process.env.PORT);
  class AppModule {}
  Module({ providers: [{ provide: MCP_STRATEGY, useValue: mcp }] })(AppModule);
  const app = await NestFactory.create(AppModule, { logger: ['error', 'warn'] });
  mcp.setHttpAdapter(app.getHttpAdapter());
  app.connectMicroservice({ strategy: mcp });
  await app.startAllMicroservices();
  await app.listen(port, '127.0.0.1');
  console.error(`MCP server (${label}) listening on http://127.0.0.1:${port}/mcp`);
}
