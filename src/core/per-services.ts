/**
 * State an area keeps outside its components, one per page's services: the layout mounts an area
 * afresh when the window crosses a layout mode's width (the config and servers column becomes a
 * drawer at 1600 px), and what the person had open there outlives that.
 */
import type { Services } from './composition';

/** `make`'s value for each page's services, made at first use and kept as long as those services. */
export function perServices<T extends object>(make: () => T): (services: Services) => T {
  const made = new WeakMap<Services, T>();
  return (services) => {
    let value = made.get(services);
    if (value === undefined) {
      value = make();
      made.set(services, value);
    }
    return value;
  };
}
