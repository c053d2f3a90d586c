/** The benches' API worker thread: start it on a bench file, and talk to it by messages. */
import { Worker } from 'node:worker_threads';

/**
 * Runs `moduleUrl` (a bench file's import.meta.url) in a worker thread with `workerData`, and
 * resolves with the worker's first message (its 'ready' report).
 */
export function startWorker<T>(
  moduleUrl: string,
  workerData: unknown,
): Promise<{ worker: Worker; ready: T }> {
  // Node 20 does not apply --import hooks to a worker's entry file, so the worker registers tsx first.
  const boot = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(moduleUrl)}); })`;
  const worker = new Worker(boot, {
    eval: true,
    workerData,
    resourceLimits: { maxOldGenerationSizeMb: 4096 },
  });
  return new Promise((done, reject) => {
    const exited = (code: number) => reject(new Error(`the API worker exited (${code}) before it was ready`));
    worker.once('error', reject).once('exit', exited);
    worker.once('message', (ready: T) => {
      worker.off('error', reject).off('exit', exited);
      done({ worker, ready });
    });
  });
}

/** Sends `message` to the worker and waits for its answer (or its failure). */
export function ask<T>(worker: Worker, message: string): Promise<T> {
  return new Promise((done, reject) => {
    const fail = (err: unknown) => {
      worker.off('message', answer);
      reject(
        err instanceof Error
          ? err
          : new Error(`the API worker exited (${String(err)}) while answering '${message}'`),
      );
    };
    const answer = (m: T) => {
      worker.off('error', fail).off('exit', fail);
      done(m);
    };
    worker.once('message', answer).once('error', fail).once('exit', fail);
    worker.postMessage(message);
  });
}
