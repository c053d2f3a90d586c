// Fuzz suite, shard 2 of 2 (test/fuzz/fuzz-suite.ts; docs/SECURITY.md section "Fuzz suite"):
// every route of the route table, FUZZ_RUNS (default 8) generated cases × 3 roles each.
import { fuzzShard } from '../test/fuzz/fuzz-suite.js';

await fuzzShard(1, 2);
