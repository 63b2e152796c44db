// One counter for every tool and registry in the process: a registry's version is the largest
// stamp among its own changes and its tools' changes, so any change makes it grow.
let clock = 0;

/** A number larger than every one returned before. */
export function nextRevision(): number {
  clock += 1;
  return clock;
}
