/** What both protocols record alike: the result's common fields, usage sums and the class of a failure. */
import { ArenaError, ErrorCode, hasCode } from '../../protocol/index.js';
import type { ProviderCallResult } from '../../agents/index.js';
import type { GoldenCase } from '../cases/golden-set.js';
import type { CaseResult, InfraClass } from './case-result.js';
import type { ModelRoute } from './model-route.js';
import type { Preflight, Protocol } from './task-delivery.js';

/** Usage and timing sums over a run's provider calls. */
export class CallTally {
  requests = 0;
  tokensIn = 0;
  tokensOut = 0;
  reasoningTokens = 0;
  providerMs: number | undefined;
  ttftMs: number | undefined;
  queueMs = 0;
  retries = 0;

  /** Adds one successful call. */
  add(call: ProviderCallResult): void {
    this.requests += 1;
    this.tokensIn += call.usage.tokensIn ?? 0;
    this.tokensOut += call.usage.tokensOut ?? 0;
    this.reasoningTokens += call.usage.reasoningTokens ?? 0;
    if (call.providerMs !== undefined) this.providerMs = (this.providerMs ?? 0) + call.providerMs;
    this.ttftMs ??= call.ttftMs;
    this.queueMs += call.queueMs;
    this.retries += call.retries;
  }

  /** Counts a failed call's retries. */
  failed(err: unknown): void {
    const attempts = err instanceof ArenaError ? err.details?.['attempts'] : undefined;
    if (typeof attempts === 'number') this.retries += Math.max(0, attempts - 1);
  }

  usage(): CaseResult['usage'] {
    return { requests: this.requests, tokensIn: this.tokensIn, tokensOut: this.tokensOut, reasoningTokens: this.reasoningTokens };
  }

  timings(started: number): CaseResult['timings'] {
    return {
      wallMs: Math.round(performance.now() - started),
      ...(this.providerMs === undefined ? {} : { providerMs: Math.round(this.providerMs) }),
      ...(this.ttftMs === undefined ? {} : { ttftMs: this.ttftMs }),
      queueMs: Math.round(this.queueMs),
      retries: this.retries,
    };
  }
}

/** The infrastructure class of a failure: provider timeout, HTTP error, connection, a media tool, or internal. */
export function infraClassOf(err: unknown): InfraClass {
  if (hasCode(err, ErrorCode.PROVIDER_TIMEOUT)) return 'provider-timeout';
  if (err instanceof ArenaError && err.code === ErrorCode.PROVIDER_ERROR) return typeof err.details?.['status'] === 'number' ? 'provider-http' : 'provider-connection';
  if (err instanceof ArenaError && typeof err.details?.['mediaTool'] === 'string') return 'media-tool';
  return 'internal';
}

/** The error as a result records it. */
export function errorRecord(err: unknown): NonNullable<CaseResult['error']> {
  const e = err instanceof ArenaError ? err : new ArenaError(ErrorCode.INTERNAL, err instanceof Error ? err.message : String(err));
  const status = e.details?.['status'];
  return { code: e.code, message: e.message, ...(typeof status === 'number' ? { status } : {}) };
}

/** The fields every result of `c` under `protocol` starts with. */
export function resultBase(c: GoldenCase, route: ModelRoute, protocol: Protocol, startedAt: Date, preflight: Preflight): Pick<CaseResult, 'caseId' | 'game' | 'model' | 'baseUrl' | 'protocol' | 'startedAt' | 'preflight'> {
  return { caseId: c.info.id, game: c.info.game, model: route.model, baseUrl: route.baseUrl, protocol, startedAt: startedAt.toISOString(), preflight };
}
