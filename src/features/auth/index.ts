/** The auth debugger: each step of a server's sign-in, with what was checked, what failed and the fix. */
export { AuthDebugger } from './auth-debugger';
