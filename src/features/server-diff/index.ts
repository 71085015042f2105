// Compare servers: the comparison screen, snapshot export from a card, first-connect baselines.
export { DiffScreen } from './diff-screen';
export { exportServerSnapshot, trackFirstSnapshots } from './snapshots';
