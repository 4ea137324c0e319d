import type { Scenario } from '../../../bench/schema/scenario.ts';
import type { Subject } from '../../../bench/schema/subject.ts';
import type { RoleDriver } from '../../roles/types.ts';
import { shq } from '../env.ts';
import { startScriptedModel, type ScriptedTurn } from '../scripted-model/server.ts';
import { piAdapter, PI_VERSION } from './pi.ts';
import type { Adapter } from './types.ts';

export const PI_SCRIPTED_SUBJECT: Subject = {
  kind: 'calibration',
  id: 'calibration/pi+scripted-model',
  label: `pi ${PI_VERSION} driven by a scripted model (calibration, not a model result)`,
  harness: 'pi',
  harnessVersion: PI_VERSION,
  provider: 'mcpfs-scripted',
  model: 'oracle-script',
  thinking: 'off',
};

/**
 * The fixed tool calls the scripted model makes: read the task, write a launcher with a placeholder, edit in the
 * oracle's command line, then run it with bash (server role: in the background, left running on `PORT`; client
 * role: to completion against `MCP_SERVER_URL`). Every one of pi's four tools really runs.
 */
export function oracleScript(driver: RoleDriver, scenario: Scenario): ScriptedTurn[] {
  const c = driver.oracleCommand(scenario);
  const line = ['exec', c.cmd, ...c.args].map(shq).join(' ');
  const run = driver.role === 'server' ? 'nohup sh start.sh > server.log 2>&1 &\necho started' : 'sh start.sh';
  return [
    { text: 'Reading the task.', toolCalls: [{ name: 'read', arguments: { path: 'TASK.md' } }] },
    { toolCalls: [{ name: 'write', arguments: { path: 'start.sh', content: '#!/bin/sh\nLAUNCH\n' } }] },
    { toolCalls: [{ name: 'edit', arguments: { path: 'start.sh', edits: [{ oldText: 'LAUNCH', newText: line }] } }] },
    { toolCalls: [{ name: 'bash', arguments: { command: run } }] },
    { text: 'Done.' },
  ];
}

/** pi + the scripted model on 127.0.0.1: proves the pi adapter end to end without any model account. */
export function scriptedPiAdapter(driver: RoleDriver, scenario: Scenario): Adapter {
  return {
    subject: PI_SCRIPTED_SUBJECT,
    usesProject: true,
    async start(ctx) {
      const model = await startScriptedModel(oracleScript(driver, scenario), 'oracle-script');
      const modelsJson = {
        providers: {
          'mcpfs-scripted': {
            baseUrl: model.baseUrl,
            api: 'openai-completions',
            apiKey: 'none',
            models: [
              {
                id: 'oracle-script',
                name: 'oracle-script',
                cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
              },
            ],
          },
        },
      };
      const pi = piAdapter({
        model: 'mcpfs-scripted/oracle-script',
        thinking: 'off',
        subject: PI_SCRIPTED_SUBJECT,
        modelsJson,
      });
      const run = await pi.start(ctx).catch(async (e: unknown) => {
        await model.close();
        throw e;
      });
      return {
        ...run,
        finish: async () => {
          await model.close();
          return run.finish ? run.finish() : {};
        },
      };
    },
  };
}
