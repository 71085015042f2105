/** The `npm run mock` bundle's entry (scripts/mock/build.mjs): serve a mock file, or record mocks from an eval run. */
export { startMock } from './mock/headless';
export { recordMocks } from './record-mocks';
