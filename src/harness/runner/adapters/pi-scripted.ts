import type { Scenario } from '../../../bench/schema/scenario.ts';
import type { Subject } from '../../../bench/schema/subject.ts';
import type { RoleDriver } from '../../roles/types.ts';
import { shq } from '../env.ts';
import type { ScriptedTurn } from '../scripted-model/types.ts';
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

/** Waits until `PORT` accepts a connection, or the process whose pid it is given has ended (plain Node, any shell). */
const WAIT_LISTEN = `node -e "const n=require('net'),p=+process.argv[1];(function t(){try{process.kill(p,0)}catch{process.exit(1)}n.connect(+process.env.PORT,'127.0.0.1',()=>process.exit(0)).on('error',()=>setTimeout(t,100))})()"`;

/**
 * The oracle as a scripted agent writes it: `start.sh` holding its command line, and the shell command that runs it.
 * Server role: detached from the agent's session (setsid) and left running on `PORT`, the command returning once the
 * server listens (or died), so the session never ends before its server is up whatever the machine's load; client
 * role: to completion against `MCP_SERVER_URL`. pi's and every other harness's scripts share it.
 */
export function oracleLaunch(driver: RoleDriver, scenario: Scenario): { line: string; script: string; run: string } {
  const c = driver.oracleCommand(scenario);
  const line = ['exec', c.cmd, ...c.args].map(shq).join(' ');
  const run =
    driver.role === 'server'
      ? `setsid nohup sh start.sh > server.log 2>&1 < /dev/null &\n${WAIT_LISTEN} $!\necho started`
      : 'sh start.sh';
  return { line, script: `#!/bin/sh\n${line}\n`, run };
}

/**
 * The fixed tool calls the scripted model makes: read the task, write a launcher with a placeholder, edit in the
 * oracle's command line, then run it with bash (`oracleLaunch`). Every one of pi's four tools really runs.
 */
export function oracleScript(driver: RoleDriver, scenario: Scenario): ScriptedTurn[] {
  const { line, run } = oracleLaunch(driver, scenario);
  return [
    { text: 'Reading the task.', toolCalls: [{ name: 'read', arguments: { path: 'TASK.md' } }] },
    { toolCalls: [{ name: 'write', arguments: { path: 'start.sh', content: '#!/bin/sh\nLAUNCH\n' } }] },
    { toolCalls: [{ name: 'edit', arguments: { path: 'start.sh', edits: [{ oldText: 'LAUNCH', newText: line }] } }] },
    { toolCalls: [{ name: 'bash', arguments: { command: run } }] },
    { text: 'Done.' },
  ];
}

/**
 * pi + the scripted model on 127.0.0.1, through the trial's model proxy like every harness: proves the pi adapter end
 * to end without any model account, with usage measured at the proxy.
 */
export function scriptedPiAdapter(driver: RoleDriver, scenario: Scenario): Adapter {
  const pi = (origin: string, key: string) =>
    piAdapter({
      model: 'mcpfs-scripted/oracle-script',
      thinking: 'off',
      subject: PI_SCRIPTED_SUBJECT,
      modelsJson: {
        providers: {
          'mcpfs-scripted': {
            baseUrl: `${origin}/openai/v1`,
            api: 'openai-completions',
            apiKey: key,
            models: [
              {
                id: 'oracle-script',
                name: 'oracle-script',
                cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
              },
            ],
          },
        },
      },
    });
  return {
    subject: PI_SCRIPTED_SUBJECT,
    usesProject: true,
    model: { scripted: oracleScript(driver, scenario), modelId: 'oracle-script' },
    start(ctx) {
      if (!ctx.model) throw new Error('pi-scripted: the trial has no model proxy');
      return pi(ctx.model.origin, ctx.model.key).start(ctx);
    },
  };
}
