/** The guided tour of the first visit: steps, the card, and whether it was dismissed. */
export { GuidedTour } from './guided-tour';
export { TOUR_STEPS, type TourStep } from './tour-steps';
export { isTourDismissed, rememberTourDismissed, TOUR_DISMISSED_KEY } from './tour-dismissed';
