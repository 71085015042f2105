/**
 * Whether the person closed the guided tour before: read by the app at start-up, so it sits apart
 * from the tour's steps (which load with the tour, not with the page's first chunk).
 */

/** localStorage key: set once the person closed or finished the tour. */
export const TOUR_DISMISSED_KEY = 'glassbox.tour.dismissed';

/** The part of Storage the tour uses. */
export type TourStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** True when the person closed or finished the tour before (or storage cannot say: then the tour shows). */
export function isTourDismissed(storage: TourStorage | undefined): boolean {
  try {
    return storage?.getItem(TOUR_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

/** Remembers that the tour was closed, so it does not appear on the next visit. */
export function rememberTourDismissed(storage: TourStorage | undefined): void {
  try {
    storage?.setItem(TOUR_DISMISSED_KEY, '1');
  } catch {
    // Storage refused: the tour will show again on the next visit, which is harmless.
  }
}
