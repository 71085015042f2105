/**
 * The token on an MCP request, in the scheme it was issued for: `Authorization: Bearer <token>`,
 * or for a DPoP-bound token `Authorization: DPoP <token>` plus a fresh `DPoP` proof naming this
 * request (`htm`, `htu`, `ath`, and the server's last nonce). The server's `DPoP-Nonce` is kept;
 * its `401 use_dpop_nonce` is worth one retry (the caller's). Each proof is recorded, header and
 * claims only, in the trace's "DPoP proofs" step for the auth debugger.
 */
import type { AuthTrace, StepRecorder } from './auth-trace';
import { createProof, DpopNonces, htuOf, isResourceNonceChallenge } from './dpop';
import type { DpopKey, DpopProof } from './dpop';

/** What a request is signed with: the access token, and the key it is bound to when DPoP. */
export interface Credentials {
  accessToken: string;
  dpopKey?: DpopKey;
}

/** The proofs on the newest requests kept in the trace. */
const PROOFS_KEPT = 20;

/** Signs one server's MCP requests in; see the file comment. */
export class RequestSigner {
  private step: StepRecorder | undefined;

  constructor(
    private readonly trace: AuthTrace,
    private readonly nonces: DpopNonces,
  ) {}

  /** `init` with the credentials on it (or left without, signed out), and the proof made for it. */
  async sign(
    url: string | URL,
    init: RequestInit | undefined,
    credentials: Credentials | undefined,
  ): Promise<{ init: RequestInit; proof?: DpopProof }> {
    const headers = new Headers(init?.headers);
    if (credentials === undefined) return { init: { ...init, headers } };
    if (credentials.dpopKey === undefined) {
      headers.set('authorization', `Bearer ${credentials.accessToken}`);
      return { init: { ...init, headers } };
    }
    const nonce = this.nonces.get(url);
    const proof = await createProof(credentials.dpopKey, {
      method: init?.method ?? 'GET',
      url,
      accessToken: credentials.accessToken,
      ...(nonce !== undefined && { nonce }),
    });
    headers.set('authorization', `DPoP ${credentials.accessToken}`);
    headers.set('dpop', proof.jwt);
    return { init: { ...init, headers }, proof };
  }

  /** Keeps the response's `DPoP-Nonce` and records the proof; true when it is a `use_dpop_nonce` challenge. */
  answer(url: string | URL, response: Response, proof: DpopProof | undefined): boolean {
    this.nonces.remember(url, response);
    if (proof === undefined) return false;
    if (this.step === undefined) {
      this.step = this.trace.begin('dpop-proofs');
      this.step.ok(
        'The token is DPoP-bound: each MCP request carries Authorization: DPoP and a fresh proof signed with this sign-in’s key.',
      );
    }
    const challenged = isResourceNonceChallenge(response);
    this.step.exchange(
      { method: proof.claims.htm, url: htuOf(url), status: response.status, dpop: { header: proof.header, claims: proof.claims } },
      PROOFS_KEPT,
    );
    if (challenged)
      this.step.check(`The MCP server asked for a nonce (401 use_dpop_nonce); the request is sent again with a fresh proof carrying it`);
    return challenged;
  }

  /** A new sign-in: its proofs go into a step of their own. */
  restart(): void {
    this.step = undefined;
  }
}
