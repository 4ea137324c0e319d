// The x-mcp-header constraints on the server's own tool definitions (streamable-http.mdx "Schema Extension" l.378–390,
// restated per tool in tools.mdx l.348–357), judged on the tools/list of param-headers. The prompt fixes the schemas;
// a server that alters an annotation fails here.
import { isObject } from '../../exchanges.ts';
import { fail, notApplicable, pass, type Judge } from '../../types.ts';
import { resultOfStep } from './step-checks.ts';
import { STEP } from '../../../plans/2026-07-28/server-steps.ts';
import { annotationSites, ANNOTATION_RULES, type AnnotationRule } from '../../../plans/2026-07-28/param-headers.ts';
import { judge } from '../../define.ts';

/** Judge: every x-mcp-header annotation of every tool the first tools/list lists keeps the constraint `rule`. */
function annotationsKeep(rule: AnnotationRule, what: string): Judge {
  return ({ exchanges }) => {
    const r = resultOfStep(exchanges, STEP.toolsList, 'tools/list');
    if (!r.ok) return r.failure;
    const tools = (Array.isArray(r.result.tools) ? r.result.tools : []).filter(isObject);
    let count = 0;
    for (const t of tools) {
      const all = annotationSites(t.inputSchema);
      count += all.length;
      for (const a of all) {
        const why = ANNOTATION_RULES[rule](a, all);
        if (why)
          return fail(
            `Expected every x-mcp-header to be ${what}, got ${JSON.stringify(a.value)} at ${String(t.name)} ${a.where}, which ${why}`,
            [r.ex.x],
          );
      }
    }
    if (count === 0)
      return notApplicable('tools/list lists no x-mcp-header annotation: nothing to constrain', [r.ex.x]);
    return pass(`all ${count} x-mcp-header annotation(s) listed are ${what}`, [r.ex.x]);
  };
}

const nonEmpty = annotationsKeep('nonEmpty', 'non-empty');
const token = annotationsKeep('token', 'an HTTP field-name token');
const noControl = annotationsKeep('noControl', 'free of control characters');
const unique = annotationsKeep('unique', 'case-insensitively unique within its inputSchema');
const primitive = annotationsKeep('primitive', 'on a string, integer or boolean parameter');
const reachable = annotationsKeep('reachable', 'reachable from the root through properties keys alone');
const noForbidden = annotationsKeep(
  'noForbiddenKeyword',
  'reached without array, composition or conditional keywords or $ref',
);

/** 260728-shttp-378 / tools-348: not empty. */
export const headerNameNotEmpty = judge('annotation-header-name-not-empty', nonEmpty);
export const toolHeaderNameNotEmpty = judge('tool-annotation-header-name-not-empty', nonEmpty);
/** 260728-shttp-379 / tools-349: HTTP token syntax. */
export const headerNameToken = judge('annotation-header-name-token', token);
export const toolHeaderNameToken = judge('tool-annotation-header-name-token', token);
/** 260728-shttp-380 / tools-350: no control characters. */
export const headerNameNoControl = judge('annotation-header-name-no-control-chars', noControl);
export const toolHeaderNameNoControl = judge('tool-annotation-header-name-no-control-chars', noControl);
/** 260728-shttp-382 / tools-352: case-insensitively unique. */
export const headerNameUnique = judge('annotation-header-name-unique', unique);
export const toolHeaderNameUnique = judge('tool-annotation-header-name-unique', unique);
/** 260728-shttp-384 / tools-354: primitive parameters only. */
export const onPrimitiveOnly = judge('annotation-on-primitive-only', primitive);
export const toolOnPrimitiveOnly = judge('tool-annotation-on-primitive-only', primitive);
/** 260728-shttp-388 / tools-357: statically reachable. */
export const staticallyReachable = judge('annotation-statically-reachable', reachable);
export const toolStaticallyReachable = judge('tool-annotation-statically-reachable', reachable);
/** 260728-shttp-390: the chain passes no items, composition, conditional keyword or $ref. */
export const chainNoForbiddenKeyword = judge('annotation-chain-no-forbidden-keyword', noForbidden);
