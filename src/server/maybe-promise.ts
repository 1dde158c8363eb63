// The kit's steps answer at once when nothing made them wait, and a promise otherwise. A store of
// the team's may return any thenable (not only a native Promise): it is told apart by its `then`.

export type MaybePromise<T> = T | PromiseLike<T>;

export const isPromise = <T>(value: T | PromiseLike<T>): value is PromiseLike<T> => typeof (value as PromiseLike<T>)?.then === "function";

/** `next` of the value: at once when it is ready, after it when it is a promise. */
export const andThen = <T, U>(value: MaybePromise<T>, next: (ready: T) => U | Promise<U>): U | Promise<U> =>
  isPromise(value) ? Promise.resolve(value).then(next) : next(value);
