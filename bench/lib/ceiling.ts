/**
 * The machine's ceiling for an answer of a given size: a bare `node:http` server in its own worker
 * thread sends the same bytes to every request (no routing, no auth, no database, nothing built per
 * request), and autocannon loads it like the real endpoint. What the real endpoint can not beat on
 * this machine, whatever its code does: moving the answer itself costs this much.
 */
import { Worker } from 'node:worker_threads';

const SERVER = `
const { createServer } = require('node:http');
const { brotliCompressSync, constants } = require('node:zlib');
const { parentPort, workerData } = require('node:worker_threads');
const plain = Buffer.from(workerData);
// Brotli at the API's quality (4), done once: the ceiling of an answer cached compressed.
const br = brotliCompressSync(plain, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } });
const server = createServer((req, res) => {
  const compressed = /\\bbr\\b/.test(req.headers['accept-encoding'] ?? '');
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', ...(compressed ? { 'content-encoding': 'br' } : {}) });
  res.end(compressed ? br : plain);
});
server.listen(0, '127.0.0.1', () => parentPort.postMessage({ port: server.address().port, brBytes: br.length }));
`;

export interface CeilingServer {
  url: string;
  brBytes: number;
  stop(): Promise<number>;
}

export function startCeilingServer(body: string): Promise<CeilingServer> {
  const worker = new Worker(SERVER, { eval: true, workerData: body });
  return new Promise((done, reject) => {
    worker.once('error', reject);
    worker.once('message', ({ port, brBytes }: { port: number; brBytes: number }) =>
      done({ url: `http://127.0.0.1:${port}/`, brBytes, stop: () => worker.terminate() }),
    );
  });
}
