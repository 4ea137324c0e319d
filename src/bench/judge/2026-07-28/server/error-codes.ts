import { codeOf, errorResponses } from '../../common/server/envelope.ts';
import { responsesIn } from '../../jsonrpc.ts';
import { fail, pass } from '../../types.ts';
import {
  DEFINED_RESERVED,
  IN_ORDER_STEPS,
  PROTOCOL_VERSION,
  RESERVED_RANGE,
  RETIRED_CODES,
} from '../../../plans/2026-07-28/server-steps.ts';
import { judge } from '../../define.ts';
import type { Exchange } from '../../exchanges.ts';

/** Every error code of the run that is a number, with its exchange. */
function numericCodes(exchanges: readonly Exchange[]): { ex: Exchange; code: number }[] {
  return errorResponses(exchanges).flatMap(({ ex, m }) => {
    const c = codeOf(m);
    return typeof c?.code === 'number' ? [{ ex, code: c.code }] : [];
  });
}

/** The run answered something: a MUST NOT on codes is only shown by a server that sent JSON-RPC responses. */
const answeredSomething = (exchanges: readonly Exchange[]) => exchanges.some((ex) => responsesIn(ex).length > 0);

const where = (ex: Exchange) => ex.step ?? `x${ex.x}`;

/**
 * 260728-basic-124: no code of −32099…−32020 other than the defined ones (−32020, −32021, −32022), and a defined code
 * never answers a request the prober sent in order (`IN_ORDER_STEPS`: no header to mismatch, no version to refuse,
 * no capability missing).
 */
export const reservedCodesDefined = judge('error-codes-reserved-range-defined', ({ exchanges }) => {
  if (!answeredSomething(exchanges)) return fail('Not testable: the server sent no JSON-RPC response at all', []);
  const codes = numericCodes(exchanges);
  const reserved = codes.filter((c) => c.code >= RESERVED_RANGE.from && c.code <= RESERVED_RANGE.to);
  const undefinedCode = reserved.find((c) => DEFINED_RESERVED[c.code] === undefined);
  if (undefinedCode)
    return fail(
      `Expected only the defined codes ${Object.keys(DEFINED_RESERVED).join(', ')} in ${RESERVED_RANGE.from}…${RESERVED_RANGE.to}, got ${undefinedCode.code} on ${where(undefinedCode.ex)}`,
      [undefinedCode.ex.x],
    );
  const misused = reserved.find((c) => c.ex.step !== undefined && IN_ORDER_STEPS.includes(c.ex.step));
  if (misused)
    return fail(
      `Expected ${misused.code} (${DEFINED_RESERVED[misused.code] ?? '?'}) only for its own case, got it for ${where(misused.ex)}, a request with every header matching its body and version ${PROTOCOL_VERSION}`,
      [misused.ex.x],
    );
  return pass(
    `${reserved.length} codes in ${RESERVED_RANGE.from}…${RESERVED_RANGE.to}, all defined and used for their own cases (${codes.length} error codes in all)`,
    reserved.map((c) => c.ex.x),
  );
});

/** 260728-basic-138: the server never emits −32002 or −32042. */
export const retiredCodesAbsent = judge('error-codes-retired-not-emitted', ({ exchanges }) => {
  if (!answeredSomething(exchanges)) return fail('Not testable: the server sent no JSON-RPC response at all', []);
  const codes = numericCodes(exchanges);
  const bad = codes.find((c) => RETIRED_CODES[c.code] !== undefined);
  if (bad)
    return fail(
      `Expected no retired code (-32002, -32042), got ${bad.code} (${RETIRED_CODES[bad.code] ?? '?'}) on ${where(bad.ex)}`,
      [bad.ex.x],
    );
  return pass(
    `none of the ${codes.length} error codes was -32002 or -32042`,
    codes.map((c) => c.ex.x),
  );
});
