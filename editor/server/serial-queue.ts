/**
 * A queue that runs the work given to it one at a time, in the order given; work that fails does
 * not stop the work after it. Each call's promise settles as its own work does.
 */
export function serialQueue(): <T>(work: () => Promise<T>) => Promise<T> {
  let last: Promise<unknown> = Promise.resolve();
  return (work) => {
    const next = last.then(work, work);
    last = next.catch(() => undefined);
    return next;
  };
}
