/**
 * Settles with `work`, or rejects with `timeoutError()` after `ms`. The request is abandoned, not
 * aborted: an AbortSignal on every request costs about as much CPU as the whole of signing and
 * validating (measured in bench/), and an abandoned request ends when its answer comes, since
 * openapi-fetch reads the body then. A caller's own `signal` does abort the request.
 */
export function withDeadline<T>(work: Promise<T>, ms: number, timeoutError: () => Error): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(timeoutError()), ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
