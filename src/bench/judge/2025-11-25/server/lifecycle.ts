import { isObject } from '../../exchanges.ts';
import { brief } from '../../jsonrpc.ts';
import { pass, fail, type Judge } from '../../types.ts';
import { resultOfStep } from './find.ts';
import { BOGUS_VERSION, PROTOCOL_VERSION, STEP } from './plan.ts';

/** 251125-lifecycle-170: initialize asking for 2025-11-25 (which the task requires) gets 2025-11-25 back. */
export const initializeEchoesVersion: Judge = ({ exchanges }) => {
  const r = resultOfStep(exchanges, STEP.initialize, `initialize (protocolVersion ${PROTOCOL_VERSION})`);
  if (r.failure) return r.failure;
  const got = r.result!.protocolVersion;
  return got === PROTOCOL_VERSION
    ? pass(`initialize answered protocolVersion ${PROTOCOL_VERSION}`, [r.ex!.x])
    : fail(`Expected protocolVersion ${PROTOCOL_VERSION} in the InitializeResult, got ${brief(got)}`, [r.ex!.x]);
};

/** 251125-lifecycle-171: initialize asking for an unknown version gets a result naming another (dated) version. */
export const unknownVersionCountered: Judge = ({ exchanges }) => {
  const r = resultOfStep(exchanges, STEP.initializeUnknownVersion, `initialize (protocolVersion ${BOGUS_VERSION})`);
  if (r.failure) return r.failure;
  const got = r.result!.protocolVersion;
  if (typeof got !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(got) || got === BOGUS_VERSION) {
    return fail(`Expected a supported protocolVersion other than ${BOGUS_VERSION}, got ${brief(got)}`, [r.ex!.x]);
  }
  return pass(`initialize with ${BOGUS_VERSION} was answered with protocolVersion ${got}`, [r.ex!.x]);
};

/** 251125-tools-38: the InitializeResult declares `capabilities.tools` (the task is all about tools). */
export const toolsCapabilityDeclared: Judge = ({ exchanges }) => {
  const r = resultOfStep(exchanges, STEP.initialize, 'initialize');
  if (r.failure) return r.failure;
  const caps = r.result!.capabilities;
  return isObject(caps) && isObject(caps.tools)
    ? pass(`InitializeResult declares capabilities.tools ${brief(caps.tools)}`, [r.ex!.x])
    : fail(`Expected capabilities.tools to be an object in the InitializeResult, got capabilities ${brief(caps)}`, [r.ex!.x]);
};
