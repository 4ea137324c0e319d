import { randomBytes } from 'node:crypto';
import type { ModelBudget, ModelTrafficEnd } from '../../bench/schema/model-traffic.ts';
import type { Subject } from '../../bench/schema/subject.ts';
import { PRICE_TABLE } from '../../bench/cost/prices.ts';
import { RunnerInputError } from '../errors.ts';
import { startScriptedModel, type ScriptedModel } from './scripted-model/server.ts';
import type { ScriptedTurn } from './scripted-model/types.ts';
import { startModelProxy, type ModelProxy, type Upstream } from '../model-proxy/proxy.ts';
import { KEY_VARIABLES, PROVIDER_ORIGINS, type Family } from '../model-proxy/routes.ts';

export interface TrialProxy {
  proxy: ModelProxy;
  /** The dummy key the subject presents (a canary too: it must never turn up in what the subject leaves). */
  key: string;
  close(): Promise<void>;
}

/**
 * The upstreams of a real run: each provider's own origin (or `MCPFS_UPSTREAM_<FAMILY>`, e.g. an OpenAI-compatible
 * gateway) with the key from the host's environment. A family without a key is still routed: the provider answers
 * 401 and the trial's notes show why.
 */
export function providerUpstreams(env: NodeJS.ProcessEnv = process.env): Partial<Record<Family, Upstream>> {
  const out: Partial<Record<Family, Upstream>> = {};
  for (const family of Object.keys(PROVIDER_ORIGINS) as Family[]) {
    const key = KEY_VARIABLES[family].map((k) => env[k]).find((v) => v);
    out[family] = {
      origin: env[`MCPFS_UPSTREAM_${family.toUpperCase()}`] ?? PROVIDER_ORIGINS[family],
      ...(key ? { key } : {}),
    };
  }
  return out;
}

/**
 * Start the trial's proxy (and the scripted model behind it, in calibration): the subject's model traffic goes
 * through it, the usage is measured from it, the budget is enforced by it.
 */
export async function startTrialProxy(o: {
  subject: Subject;
  scripted?: readonly ScriptedTurn[];
  modelId?: string;
  budget?: ModelBudget;
  onExhausted(end: ModelTrafficEnd): void;
}): Promise<TrialProxy> {
  const price = PRICE_TABLE.models.find((m) => m.model === `${o.subject.provider}/${o.subject.model}`);
  // A cost budget on a model the price table does not price could never be reached: refuse it before anything runs.
  if (o.budget?.costUsd !== undefined && !price)
    throw new RunnerInputError(
      `--budget-usd: ${o.subject.provider}/${o.subject.model} is not in the price table, so its cost is unknown`,
      'add the model to src/bench/cost/prices.ts (with its source and date), or budget tokens or requests instead',
    );
  let scripted: ScriptedModel | undefined;
  if (o.scripted) scripted = await startScriptedModel(o.scripted, o.modelId ?? 'oracle-script');
  const upstreams: Partial<Record<Family, Upstream>> = scripted
    ? {
        anthropic: { origin: scripted.origin },
        openai: { origin: scripted.origin },
        gemini: { origin: scripted.origin },
      }
    : providerUpstreams();
  const key = `mcpfs-proxy-key-${randomBytes(12).toString('hex')}`;
  try {
    const proxy = await startModelProxy({ upstreams, key, budget: o.budget, price, onExhausted: o.onExhausted });
    return {
      proxy,
      key,
      close: async () => {
        await proxy.close();
        await scripted?.close();
      },
    };
  } catch (e) {
    await scripted?.close();
    throw e;
  }
}
