/** Types for https-proxy.mjs (the part the browser tests use). */

/** A fresh self-signed certificate for 127.0.0.1 and localhost (browsers must be told to accept it). */
export declare function loopbackCertificate(): Promise<{ key: string; cert: string }>;
